import Foundation

/// A byte-for-byte copy of a store, taken beside it during a migration and kept
/// until the migrated store has been checked: `default.store` is copied to
/// `default.store.migration-backup` (and its `-wal`, when it has one, to
/// `default.store.migration-backup-wal`), where a user looking at the store's
/// directory finds it.
///
/// The migration's transaction already leaves the store unchanged when it fails
/// or the process dies; the copy covers what comes after the commit and whatever
/// a transaction cannot foresee.
struct StoreBackup {
    let storeURL: URL

    var url: URL { URL(fileURLWithPath: storeURL.path + ".migration-backup") }
    private var walURL: URL { URL(fileURLWithPath: url.path + "-wal") }
    private var storeWAL: URL { URL(fileURLWithPath: storeURL.path + "-wal") }
    private var storeSHM: URL { URL(fileURLWithPath: storeURL.path + "-shm") }

    /// The backup a migration left behind, if any (the process ended after the
    /// commit, before the copy was removed).
    static func leftover(for storeURL: URL) -> StoreBackup? {
        let backup = StoreBackup(storeURL: storeURL)
        return FileManager.default.fileExists(atPath: backup.url.path) ? backup : nil
    }

    /// Starts copying the store's files; the caller holds the store's write lock,
    /// so that no other connection commits meanwhile, and calls `Copying.finish()`
    /// before it commits the migration.
    ///
    /// The log is copied at once; the main file is copied on another thread while
    /// the migration runs, which hides most of the copy's cost. In WAL mode that is
    /// safe: the migration's changes go to the log until it commits, and the main
    /// file changes only when a checkpoint copies committed pages of the log into
    /// it, which changes no content the copied log does not already hold.
    static func start(of storeURL: URL) throws -> Copying {
        let backup = StoreBackup(storeURL: storeURL)
        backup.remove()
        do {
            if let size = fileSize(backup.storeWAL), size > 0 { try copy(backup.storeWAL, to: backup.walURL) }
            let files = try FileCopy(from: storeURL, to: backup.url)
            return Copying(backup: backup, files: files, fails: MigrationFault.isInjected(at: .copyingStore))
        } catch {
            backup.remove()
            throw cannotCopy(backup, error)
        }
    }

    /// The main file's copy in progress.
    final class Copying: @unchecked Sendable {
        let backup: StoreBackup
        private let done = DispatchSemaphore(value: 0)
        private var failure: (any Error)?
        private var isFinished = false

        fileprivate init(backup: StoreBackup, files: FileCopy, fails: Bool) {
            self.backup = backup
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                do {
                    if fails { throw InjectedMigrationFault(moment: .copyingStore) }
                    try files.run()
                } catch {
                    failure = error
                }
                done.signal()
            }
        }

        /// Waits for the copy; throws, removing what was copied, if it failed.
        func finish() throws -> StoreBackup {
            if !isFinished {
                done.wait()
                isFinished = true
            }
            if let failure {
                backup.remove()
                throw StoreBackup.cannotCopy(backup, failure)
            }
            return backup
        }

        /// Waits for the copy and removes it: the migration did not commit.
        func discard() {
            _ = try? finish()
            backup.remove()
        }
    }

    private static func cannotCopy(_ backup: StoreBackup, _ error: any Error) -> OpenSwiftDataError {
        OpenSwiftDataError.migrationFailed(
            "cannot copy the store to \(backup.url.path) before migrating it (\(error)); "
                + "free some space or make the directory writable. The store was not changed.")
    }

    /// Puts the copy back in place of the store. No connection may be open on it.
    func restore() throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: storeSHM)
        try? fileManager.removeItem(at: storeWAL)
        try? fileManager.removeItem(at: storeURL)
        try StoreBackup.copy(url, to: storeURL)
        if fileManager.fileExists(atPath: walURL.path) { try StoreBackup.copy(walURL, to: storeWAL) }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(at: walURL)
    }

    /// Removes the copy without waiting for the file system to free its blocks
    /// (about 0.6 ms for a 7 MB store, a tenth of a small migration): the copy is
    /// renamed out of sight at once and deleted on another thread. A process that
    /// ends first leaves the renamed file, which the next open deletes
    /// (`deleteDiscarded(for:)`).
    func removeInBackground() {
        let discarded = StoreBackup.discardedURL(for: storeURL)
        guard rename(url.path, discarded.path) == 0 else { return remove() }
        try? FileManager.default.removeItem(at: walURL)
        DispatchQueue.global(qos: .utility).async { _ = unlink(discarded.path) }
    }

    /// Deletes a copy that `removeInBackground()` renamed and could not delete.
    static func deleteDiscarded(for storeURL: URL) {
        _ = unlink(discardedURL(for: storeURL).path)
    }

    private static func discardedURL(for storeURL: URL) -> URL {
        storeURL.deletingLastPathComponent().appendingPathComponent("." + storeURL.lastPathComponent + ".migration-backup.discarded")
    }

    private static func copy(_ source: URL, to destination: URL) throws {
        try? FileManager.default.removeItem(at: destination)
        try FileCopy(from: source, to: destination).run()
    }

    /// `stat` rather than `FileManager.attributesOfItem`, which also looks up the
    /// file's owner and group by name (reading `/etc/passwd` and `/etc/group`).
    private static func fileSize(_ url: URL) -> Int? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }
}
