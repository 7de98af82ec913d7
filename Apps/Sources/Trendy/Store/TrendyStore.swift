import OpenSwiftData
import SwiftData
import Foundation

/// Opens Trendy's stores: on a file, recovering from a damaged one, or in memory.
public enum TrendyStore {
    public static var schema: Schema { Schema(versionedSchema: TrendySchemaV2.self) }

    /// `<application support>/Trendy/default.store`: on Linux under `$XDG_DATA_HOME`
    /// or `~/.local/share`.
    public static var defaultURL: URL {
        ModelConfiguration.defaultDirectory
            .appendingPathComponent("Trendy", isDirectory: true)
            .appendingPathComponent("default.store")
    }

    /// The store at `url`, migrated from any earlier version; throws if it is damaged.
    public static func container(at url: URL) throws -> ModelContainer {
        // A command must not write further into a damaged store: its first write checks the file.
        var configuration = ModelConfiguration(url: url)
        configuration.checksIntegrityBeforeFirstWrite = true
        return try ModelContainer(for: schema, migrationPlan: TrendyMigrationPlan.self, configurations: configuration)
    }

    public static func inMemoryContainer() throws -> ModelContainer {
        try ModelContainer(for: schema, migrationPlan: TrendyMigrationPlan.self,
                           configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    /// The seed's "better approach for production" instead of `fatalError`: when the
    /// store is damaged, it and its `-wal`/`-shm` are moved aside under a timestamped
    /// name, a fresh store is opened, and the recovery says where the old files went.
    /// Nothing is deleted. Any other failure (a newer store, a permission problem) is
    /// thrown as it is: moving the store would not fix it.
    ///
    /// `movingUnidentified`: whether a damaged file whose tables cannot be read (so that it
    /// cannot be told from another program's damaged database) is moved aside too. Where
    /// only Trendy writes (its default store) it is; at a path a user named, where a wrong
    /// path is as likely as a damaged store, it is refused and left where it is.
    public static func openRecovering(at url: URL, now: Date = Date(),
                                      movingUnidentified: Bool = true) throws -> (ModelContainer, StoreRecovery?) {
        do {
            return (try container(at: url), nil)
        } catch let error as SwiftDataError where error == .loadIssueModelContainer {
            if error.explanation?.code == .storeCannotOpen {
                // A store read while another process moves a damaged one aside can fail to
                // open; that process holds the folder's lock until the new store is made.
                return try FolderLock.holding(url.deletingLastPathComponent()) { (try Self.container(at: url), nil) }
            }
            guard let path = error.explanation?.path, let reason = error.explanation?.storeDamage, reason.isRecoverableByReplacing else {
                throw error
            }
            // Another program's damaged database is not Trendy's to move: it is refused and left.
            if StoreTables.isAnotherPrograms(url) {
                throw OpenSwiftDataError.storeHoldsOtherData(path: path, names: StoreTables.names(at: url) ?? [])
            }
            if !movingUnidentified, !StoreTables.isTrendys(url) {
                throw TrendyError.unidentifiedDamagedStore(path: path, reason: "\(reason)")
            }
            // Several processes can find the store damaged at once. One at a time, holding the
            // folder's lock, opens it again and moves it aside only if it is still damaged: the
            // others open the store the first made, rather than moving it (and what they and
            // it saved there) aside as damaged too.
            return try FolderLock.holding(url.deletingLastPathComponent()) { () throws -> (ModelContainer, StoreRecovery?) in
                if let opened = try? Self.container(at: url) { return (opened, nil) }
                let recovery = try StoreRecovery.moveAside(url, reason: reason, now: now)
                return (try Self.container(at: url), recovery)
            }
        }
    }
}
