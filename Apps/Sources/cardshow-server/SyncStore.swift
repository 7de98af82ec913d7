import CommandLineSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataSync

/// Where the sync server keeps each account's change log and state for an app: a store of
/// its own beside the inventory's, so that the inventory's schema and migrations are
/// untouched by it. Beside a store file `inventory.store` it is `inventory-sync.store`
/// (CouponTracker's `inventory-coupontracker-sync.store`); in PostgreSQL it is the schema
/// of the inventory's with `_sync` (`_coupontracker_sync`) after its name, from
/// `cardshow` when the inventory is in the database's default schema.
enum SyncStore {
    /// The sync store's file for the inventory's store file.
    static func file(besides store: URL, for app: SyncedApp) -> URL {
        let name = store.deletingPathExtension().lastPathComponent + "-" + app.storeSuffix
        let pathExtension = store.pathExtension.isEmpty ? "store" : store.pathExtension
        return store.deletingLastPathComponent().appendingPathComponent(name).appendingPathExtension(pathExtension)
    }

    /// The sync store's configuration for the inventory's PostgreSQL URL.
    static func postgres(besides url: String, for app: SyncedApp) throws -> PostgresConfiguration {
        var configuration = try PostgresConfiguration(app.storeSuffix, url: url, schema: Schema(SyncServer.models))
        configuration.location.schema = (configuration.location.schema ?? "cardshow") + "_" + app.storeSuffix.replacingOccurrences(of: "-", with: "_")
        return configuration
    }

    /// Words for an inventory's PostgreSQL schema so long that PostgreSQL, which keeps the
    /// first 63 bytes of a name without a word, would keep a sync schema's name as the
    /// inventory's own (a 63-byte inventory's `NAME_sync`) or both apps' sync schemas as one
    /// (a 62-byte inventory's); nil when the names it keeps differ. A cut name that differs
    /// is used as it is cut, by every server of the inventory alike.
    static func postgresNameProblem(besides url: String) throws -> String? {
        let inventory = try PostgresConfiguration(url: url).location.schema ?? "cardshow"
        var kept = [keptName(inventory): "the inventory's own"]
        for app in SyncedApp.allCases {
            guard let name = try postgres(besides: url, for: app).location.schema else { continue }
            let cut = keptName(name)
            if let other = kept[cut] {
                // `_sync` and `_coupontracker_sync` differ from their second byte: two bytes of each must be kept.
                let room = PostgresDialect.maximumIdentifierBytes - 2
                return "With --sync-tokens the server keeps \(app.name)'s sync log in the PostgreSQL schema \(TerminalText.quoted(name)), but "
                    + "PostgreSQL keeps only the first \(PostgresDialect.maximumIdentifierBytes) bytes of a name, and what it keeps of that "
                    + "one is the schema \(TerminalText.quoted(cut)), \(other). Nothing was changed. Keep the inventory in a schema of "
                    + "at most \(room) bytes (schema= in the --postgres URL)."
            }
            kept[cut] = "where it keeps \(app.name)'s sync log"
        }
        return nil
    }

    /// What PostgreSQL keeps of a name: its first 63 bytes, cut where a character begins.
    private static func keptName(_ name: String) -> String {
        var bytes = 0
        var kept = ""
        for character in name.unicodeScalars {
            bytes += String(character).utf8.count
            guard bytes <= PostgresDialect.maximumIdentifierBytes else { break }
            kept.unicodeScalars.append(character)
        }
        return kept
    }

    /// The other app whose log the sync store of `app` holds, if it holds one. A server of
    /// an inventory named after another's sync store (`shop-coupontracker.store` beside
    /// `shop.store`, or the PostgreSQL schema `shop_coupontracker` beside `shop`) keeps its
    /// CardShow Pro log where the other keeps CouponTracker's: each would send its devices
    /// the other app's changes, which they cannot apply. Models no app has now (an older
    /// version's) are not counted.
    static func otherApp(holdingLogIn container: ModelContainer, besides app: SyncedApp) throws -> SyncedApp? {
        let context = ModelContext(container)
        for other in SyncedApp.allCases where other != app {
            let theirs = Set(other.schema.entities.map(\.name)).subtracting(app.schema.entities.map(\.name)).sorted()
            var descriptor = FetchDescriptor<SyncServerRecord>(predicate: #Predicate { theirs.contains($0.entityName) })
            descriptor.fetchLimit = 1
            if try !context.fetch(descriptor).isEmpty { return other }
        }
        return nil
    }

    /// Opens (creating if missing) the sync store beside the inventory's file or database.
    static func container(besides store: URL?, postgres: String?, for app: SyncedApp) throws -> ModelContainer {
        if let postgres {
            return try ModelContainer(for: Schema(SyncServer.models), configurations: [try Self.postgres(besides: postgres, for: app)])
        }
        guard let store else { throw SyncError.unsupportedSetup("the inventory has neither a store file nor a database.") }
        return try ModelContainer(for: Schema(SyncServer.models), configurations: [ModelConfiguration(url: file(besides: store, for: app))])
    }
}
