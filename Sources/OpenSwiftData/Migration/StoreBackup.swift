import Foundation

/// A byte-for-byte copy of a store, taken beside it before a migration and kept
/// until the migrated store has opened: `default.store` is copied to
/// `default.store.migration-backup` (and its `-wal`, when it has one, to
/// `default.store.migration-backup-wal`), where a user looking at the store's
/// directory finds it.
///
/// The migration's transaction already leaves the store unchanged when it fails
/// or the process dies; the copy covers what comes after the commit (a migrated
/// store that does not open) and whatever a transaction cannot foresee.
struct StoreBackup {
    let storeURL: URL

    var url: URL { URL(fileURLWithPath: storeURL.path + ".migration-backup") }
    private var walURL: URL { URL(fileURLWithPath: url.path + "-wal") }
    private var storeWAL: URL { URL(fileURLWithPath: storeURL.path + "-wal") }
    private var storeSHM: URL { URL(fileURLWithPath: storeURL.path + "-shm") }

    /// The backup a migration left behind, if any (the process ended before the
    /// migrated store opened).
    static func leftover(for storeURL: URL) -> StoreBackup? {
        let backup = StoreBackup(storeURL: storeURL)
        return FileManager.default.fileExists(atPath: backup.url.path) ? backup : nil
    }

    /// Copies the store's files. The caller holds the store's write lock, so that
    /// no connection changes them meanwhile.
    static func take(of storeURL: URL) throws -> StoreBackup {
        let backup = StoreBackup(storeURL: storeURL)
        backup.remove()
        do {
            try copy(storeURL, to: backup.url)
            if let size = fileSize(backup.storeWAL), size > 0 { try copy(backup.storeWAL, to: backup.walURL) }
        } catch {
            backup.remove()
            throw OpenSwiftDataError.migrationFailed(
                "cannot copy the store to \(backup.url.path) before migrating it (\(error.localizedDescription)); "
                    + "free some space or make the directory writable. The store was not changed.")
        }
        return backup
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

    /// Copies in the kernel where it can (`copy_file_range`, which also clones on
    /// file systems that share blocks), else through Foundation: the copy is the
    /// one cost a lightweight migration adds to its `ALTER TABLE` statements.
    private static func copy(_ source: URL, to destination: URL) throws {
        try? FileManager.default.removeItem(at: destination)
        #if os(Linux)
        if kernelCopy(source.path, to: destination.path) { return }
        try? FileManager.default.removeItem(at: destination)
        #endif
        try FileManager.default.copyItem(at: source, to: destination)
    }

    #if os(Linux)
    private static func kernelCopy(_ source: String, to destination: String) -> Bool {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return false }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { return false }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, status.st_mode & 0o777)
        guard output >= 0 else { return false }
        defer { close(output) }
        guard let copyFileRange else { return false }
        var remaining = Int(status.st_size)
        while remaining > 0 {
            let copied = copyFileRange(input, nil, output, nil, remaining, 0)
            if copied <= 0 { return false }
            remaining -= copied
        }
        return true
    }

    /// glibc's `copy_file_range`, which the Glibc module does not import (it needs `_GNU_SOURCE`).
    private typealias CopyFileRange = @convention(c) (Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32) -> Int
    private static let copyFileRange: CopyFileRange? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "copy_file_range") else { return nil }
        return unsafeBitCast(symbol, to: CopyFileRange.self)
    }()
    #endif

    /// `stat` rather than `FileManager.attributesOfItem`, which also looks up the
    /// file's owner and group by name (reading `/etc/passwd` and `/etc/group`).
    private static func fileSize(_ url: URL) -> Int? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }
}
