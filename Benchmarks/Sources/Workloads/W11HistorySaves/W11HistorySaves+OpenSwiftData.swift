import OpenSwiftData

extension W11HistorySaves {
    static let openSwiftDataImplementation: Implementation? = openSwiftData

    /// Inserts each batch and saves it, through a context with an author; checks
    /// afterwards that history holds one transaction per save and one insert per model.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(PersonModel.self, at: run.storeURL, recordsHistory: true)
        let context = ModelContext(container)
        context.author = "W11"
        let batches = batches(fixture.people)
        try run.measure {
            for batch in batches {
                for person in batch { context.insert(PersonModel(person)) }
                try context.save()
            }
        }
        let reader = ModelContext(container)
        let history = try reader.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        try checkEqual(history.count, batches.count, "\(label): history transactions")
        try checkEqual(history.reduce(0) { $0 + $1.changes.count }, count, "\(label): history inserts")
        return try reader.fetch(FetchDescriptor<PersonModel>()).map(\.person)
    }
}
