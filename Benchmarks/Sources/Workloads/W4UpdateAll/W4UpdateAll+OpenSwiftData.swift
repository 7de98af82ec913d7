import OpenSwiftData

extension W4UpdateAll {
    static let openSwiftDataImplementation: Implementation? = openSwiftData

    /// `age += 1` on every fetched model, then one `save()`.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(PersonModel.self, for: run)
        do {
            let seeding = ModelContext(container)
            for person in fixture.people { seeding.insert(PersonModel(person)) }
            try seeding.save()
        }
        let context = ModelContext(container)
        let models = try context.fetch(FetchDescriptor<PersonModel>())
        try run.measure {
            for model in models { model.age += 1 }
            try context.save()
        }
        let reader = ModelContext(container)
        return try reader.fetch(FetchDescriptor<PersonModel>()).map(\.person)
    }
}
