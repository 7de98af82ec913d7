import Foundation
import OpenSwiftData

extension W12Startup {
    /// Builds the store (setup): a container for all forty models, the rows of the first.
    static func seed(_ run: Iteration, _ fixture: Fixture) throws {
        let container = try OpenSwiftDataStore.container(startupEntityTypes, at: run.storeURL)
        let context = ModelContext(container)
        for row in fixture.rows { context.insert(StartupEntity01(name: row.name, value: row.value, createdAt: row.createdAt)) }
        try context.save()
    }

    /// A container for the forty models on the existing store, a context, one fetch.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let (context, models) = try run.measure {
            let context = ModelContext(try OpenSwiftDataStore.container(startupEntityTypes, at: run.storeURL))
            return (context, try context.fetch(FetchDescriptor<StartupEntity01>()))
        }
        return withExtendedLifetime(context) {
            models.map { StartupRow(name: $0.name, value: $0.value, createdAt: $0.createdAt) }
        }
    }
}
