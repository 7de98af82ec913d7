import SwiftData
import Foundation

/// Opens CouponTracker's stores: on a file, or in memory.
public enum CouponTrackerStore {
    public static var schema: Schema { Schema(versionedSchema: SchemaV2.self) }

    /// `<application support>/CouponTracker/default.store`: on Linux under
    /// `$XDG_DATA_HOME` or `~/.local/share`.
    public static var defaultURL: URL {
        ModelConfiguration.defaultDirectory
            .appendingPathComponent("CouponTracker", isDirectory: true)
            .appendingPathComponent("default.store")
    }

    public static func container(at url: URL) throws -> ModelContainer {
        // A command must not write further into a damaged store: its first write checks the file.
        var configuration = ModelConfiguration(url: url)
        configuration.checksIntegrityBeforeFirstWrite = true
        return try ModelContainer(for: schema, migrationPlan: MigrationPlan.self, configurations: configuration)
    }

    public static func inMemoryContainer() throws -> ModelContainer {
        try ModelContainer(for: schema, migrationPlan: MigrationPlan.self,
                           configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
}
