extension W2FetchItems {
    /// Step a prepared SELECT and build each model from its ten columns.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let db = try RawDatabase(run.storeURL)
        return try run.measure {
            let statement = try db.prepare("SELECT i0, i1, i2, i3, i4, i5, i6, i7, i8, i9 FROM item")
            var items: [Item] = []
            while try statement.step() {
                items.append(Item(
                    i0: statement.int(0), i1: statement.int(1), i2: statement.int(2), i3: statement.int(3),
                    i4: statement.int(4), i5: statement.int(5), i6: statement.int(6), i7: statement.int(7),
                    i8: statement.int(8), i9: statement.int(9)
                ))
            }
            return items
        }
    }
}
