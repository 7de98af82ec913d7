import OpenSwiftData

extension W7Enumerate {
    /// `context.enumerate` over every model with its default batch size.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(PersonModel.self, at: run.storeURL)
        try run.once {
            let seeding = ModelContext(container)
            for person in fixture.people { seeding.insert(PersonModel(person)) }
            try seeding.save()
        }
        let context = ModelContext(container)
        return try run.measure {
            var digest = Digest()
            try context.enumerate(FetchDescriptor<PersonModel>()) { model in digest.add(model.person.rowHash) }
            return digest
        }
    }
}
