import Foundation
import OpenSwiftData

/// Opens CardShow Pro's stores: on a file (migrated to the current schema) or in memory.
public enum CardShowStore {
    /// The current schema (version 7) with every entity.
    public static var schema: Schema { Schema(versionedSchema: SchemaV7.self) }

    /// `<application support>/CardShowPro/default.store`: on Linux under
    /// `$XDG_DATA_HOME` or `~/.local/share`.
    public static var defaultURL: URL {
        ModelConfiguration.defaultDirectory
            .appendingPathComponent("CardShowPro", isDirectory: true)
            .appendingPathComponent("default.store")
    }

    /// A container on the store file at `url`, created if missing and migrated from any
    /// earlier version through `CardShowMigrationPlan`. Its first write checks the whole
    /// file first: a command must not write further into a damaged store.
    public static func container(at url: URL) throws -> ModelContainer {
        var configuration = ModelConfiguration(url: url)
        configuration.checksIntegrityBeforeFirstWrite = true
        return try ModelContainer(for: schema, migrationPlan: CardShowMigrationPlan.self, configurations: configuration)
    }

    /// What a dealer calls the records of each model, by the model's type name: for
    /// messages about the store (the engine names models by their types).
    public static let recordNames: [String: String] = [
        "InventoryCard": "card", "SalesHistory": "sale", "TradeHistory": "trade", "Event": "event",
        "Contact": "contact", "WantListItem": "want-list item", "GradingSubmission": "grading submission",
        "CachedPrice": "price",
        "SyncModelRecord": "sync record", "SyncPropertyClock": "sync clock", "SyncCheckpoint": "sync checkpoint",
    ]

    /// A container whose store lives only as long as it does (tests, previews).
    public static func inMemoryContainer() throws -> ModelContainer {
        try ModelContainer(for: schema, migrationPlan: CardShowMigrationPlan.self,
                           configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
}
