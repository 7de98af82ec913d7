import OpenSwiftData

extension OrdersLeaderboard {
    /// One `fetch(FetchDescriptor<Order>())` in a context made for the iteration. A
    /// context keeps the models it has fetched; a second fetch in the same one would
    /// find all of them there, which is not the suite's work (every iteration of every
    /// variant there builds its values again), so each iteration starts a new context,
    /// as a view or a request would, and the models it built go away with it.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(Order.self, for: run)
        try run.once {
            let context = ModelContext(container)
            for row in fixture.rows { context.insert(Order(row)) }
            try context.save()
        }
        let context = ModelContext(container)
        let orders = try run.measure { try context.fetch(FetchDescriptor<Order>()) }
        return orders.map(\.row)
    }
}
