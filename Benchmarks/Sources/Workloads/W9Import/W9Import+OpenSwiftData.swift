import OpenSwiftData

extension W9Import {
    /// Parse, then insert a model per card and one `save()`.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(SeedInventoryCard.self, SeedSalesHistory.self, SeedEvent.self,
                                                         at: run.storeURL)
        let context = ModelContext(container)
        try run.measure {
            for card in try CardCSV.parse(fixture.csv) { context.insert(SeedInventoryCard(card)) }
            try context.save()
        }
        let reader = ModelContext(container)
        return try reader.fetch(FetchDescriptor<SeedInventoryCard>()).map(\.value)
    }
}
