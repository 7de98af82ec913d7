import OpenSwiftData

extension W7Memory {
    static let openSwiftDataImplementation: Implementation? = openSwiftData

    /// One `fetch` of all models, kept alive through the measured region.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(PersonModel.self, at: run.storeURL)
        try run.once {
            let seeding = ModelContext(container)
            for person in fixture.people { seeding.insert(PersonModel(person)) }
            try seeding.save()
        }
        let context = ModelContext(container)
        let models = try run.measure { try context.fetch(FetchDescriptor<PersonModel>()) }
        return models.map(\.person)
    }
}
