import Foundation
import OpenSwiftData
import Testing

/// A `VersionedSchema` pair and a `SchemaMigrationPlan` declared in the target.
@Suite struct MigrationFormTests {
    @Test func aMigrationPlanRenamesAnAttributeAndRunsItsCustomStage() throws {
        let store = TestStore()
        do {
            let container = try ModelContainer(for: Schema(versionedSchema: ShelfSchemaV1.self),
                                               configurations: [ModelConfiguration(url: store.url)])
            let context = ModelContext(container)
            context.insert(ShelfSchemaV1.Shelf(name: "Poetry"))
            try context.save()
        }
        let container = try ModelContainer(for: Schema(versionedSchema: ShelfSchemaV2.self), migrationPlan: ShelfMigrationPlan.self,
                                           configurations: [ModelConfiguration(url: store.url)])
        let shelves = try ModelContext(container).fetch(FetchDescriptor<ShelfSchemaV2.Shelf>())
        #expect(shelves.map(\.label) == ["Poetry"])
        #expect(shelves.map(\.letters) == [6])
    }
}
