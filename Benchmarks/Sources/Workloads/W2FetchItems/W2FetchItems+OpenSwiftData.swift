import OpenSwiftData

extension W2FetchItems {
    static let openSwiftDataImplementation: Implementation? = openSwiftData

    /// One `fetch` of every model.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(ItemModel.self, for: run)
        try run.once {
            let context = ModelContext(container)
            for n in 0..<fixture.rowCount { context.insert(ItemModel(n)) }
            try context.save()
        }
        let context = ModelContext(container)
        let models = try run.measure { try context.fetch(FetchDescriptor<ItemModel>()) }
        return models.map(\.item)
    }
}
