import Foundation
import SwiftData
import Testing

/// A store written with the first release's schema opens with seed 004's models
/// through the migration plan.
@Suite struct AssetFlowMigrationTests {
    private func firstReleaseStore() throws -> TemporaryStore {
        let store = try TemporaryStore()
        let container = try ModelContainer(for: Schema(versionedSchema: AssetFlowSchemaV0.self),
                                           configurations: ModelConfiguration(url: store.url))
        let context = ModelContext(container)
        context.insert(AssetFlowSchemaV0.Category(name: "Stocks", targetAllocationPercentage: 60))
        context.insert(AssetFlowSchemaV0.Category(name: "Bonds"))
        try context.save()
        return store
    }

    private func migrated(_ store: TemporaryStore) throws -> ModelContainer {
        try ModelContainer(for: Schema(versionedSchema: AssetFlowSchemaV1.self), migrationPlan: AssetFlowMigrationPlan.self,
                           configurations: ModelConfiguration(url: store.url))
    }

    @Test func categoriesKeepTheirValuesAndTakeTheNewAttributesDefault() throws {
        let store = try firstReleaseStore()
        let context = ModelContext(try migrated(store))
        let categories = try context.fetch(FetchDescriptor<Category>(sortBy: [SortDescriptor(\.name)]))
        #expect(categories.map(\.name) == ["Bonds", "Stocks"])
        #expect(categories.map(\.targetAllocationPercentage) == [nil, 60])
        #expect(categories.map(\.displayOrder) == [0, 0])
    }

    @Test func theNewEntitiesAreUsableAfterTheMigration() throws {
        let store = try firstReleaseStore()
        let context = ModelContext(try migrated(store))
        let stocks = try #require(try context.fetch(FetchDescriptor<Category>(predicate: #Predicate { $0.name == "Stocks" })).first)
        context.insert(Asset(name: "VTI", platform: "Broker", currency: "USD", category: stocks))
        try context.save()
        let assets = try ModelContext(try migrated(store)).fetch(FetchDescriptor<Asset>())
        #expect(assets.map(\.category?.name) == ["Stocks"])
    }
}
