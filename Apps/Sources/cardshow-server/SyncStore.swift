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
