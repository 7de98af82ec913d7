import OpenSwiftData

extension W1Insert {
    static let openSwiftDataImplementation: Implementation? = openSwiftData

    /// Creates and inserts each model, then one `save()`.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(PersonModel.self, for: run)
        let context = ModelContext(container)
        try run.measure {
            for person in fixture.people { context.insert(PersonModel(person)) }
            try context.save()
        }
        let reader = ModelContext(container)
        return try reader.fetch(FetchDescriptor<PersonModel>()).map(\.person)
    }
}
