import Foundation

/// A copy of a store that earlier versions took beside it during a migration
/// (`default.store.migration-backup`, and `default.store.migration-backup-wal` when
/// the store had a log), which a process that ended after the migration's commit
/// left behind.
///
/// Migrations make no copy now: the migration's one transaction leaves the store as
/// it was when anything fails or the process dies before the commit, and nothing
/// runs after the commit that could fail. A copy found at an open is still taken care
/// of, as those versions would have: removed once the store matches its schema,
/// put back when it does not.
struct LeftoverMigrationCopy {
    let storeURL: URL

    var url: URL { URL(fileURLWithPath: storeURL.path + ".migration-backup") }
    private var walURL: URL { URL(fileURLWithPath: url.path + "-wal") }
    private var storeWAL: URL { URL(fileURLWithPath: storeURL.path + "-wal") }
    private var storeSHM: URL { URL(fileURLWithPath: storeURL.path + "-shm") }

    /// The copy beside the store, if there is one.
    static func find(for storeURL: URL) -> LeftoverMigrationCopy? {
        let copy = LeftoverMigrationCopy(storeURL: storeURL)
        return FileManager.default.fileExists(atPath: copy.url.path) ? copy : nil
    }

    /// Puts the copy in place of the store. No connection may be open on it.
    func restore() throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: storeSHM)
        try? fileManager.removeItem(at: storeWAL)
        try Self.move(url, to: storeURL)
        if fileManager.fileExists(atPath: walURL.path) { try Self.move(walURL, to: storeWAL) }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(at: walURL)
    }

    /// Deletes a copy that those versions renamed out of sight to delete on another
    /// thread (`.default.store.migration-backup.discarded`) and did not live to delete.
    static func deleteDiscarded(for storeURL: URL) {
        let discarded = storeURL.deletingLastPathComponent()
            .appendingPathComponent("." + storeURL.lastPathComponent + ".migration-backup.discarded")
        _ = unlink(discarded.path)
    }

    /// `rename(2)`, which replaces the destination in one step.
    private static func move(_ source: URL, to destination: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw OpenSwiftDataError.migrationFailed(
                "cannot put the copy \(source.path) back in place of \(destination.path): \(String(cString: strerror(errno))). "
                    + "Move it there yourself; it holds the store as it was before an earlier migration")
        }
    }
}
