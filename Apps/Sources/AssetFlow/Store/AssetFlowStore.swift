import Foundation
import SwiftData

/// Opens AssetFlow's stores: on a file, or in memory.
public enum AssetFlowStore {
    public static var schema: Schema { Schema(versionedSchema: SchemaV1.self) }

    /// `<application support>/AssetFlow/default.store`: on Linux under
    /// `$XDG_DATA_HOME` or `~/.local/share`.
    public static var defaultURL: URL {
        ModelConfiguration.defaultDirectory
            .appendingPathComponent("AssetFlow", isDirectory: true)
            .appendingPathComponent("default.store")
    }

    public static func container(at url: URL) throws -> ModelContainer {
        // A command must not write further into a damaged store: its first write checks the file.
        var configuration = ModelConfiguration(url: url)
        configuration.checksIntegrityBeforeFirstWrite = true
        return try ModelContainer(for: schema, migrationPlan: AssetFlowMigrationPlan.self, configurations: configuration)
    }

    public static func inMemoryContainer() throws -> ModelContainer {
        try ModelContainer(for: schema, migrationPlan: AssetFlowMigrationPlan.self,
                           configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
}
