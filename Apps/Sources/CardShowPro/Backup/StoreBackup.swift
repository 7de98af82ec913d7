import Foundation
import GRDB
@_spi(Tools) import OpenSwiftData
import OpenSwiftDataSync
#if canImport(Glibc)
import Glibc
#endif

/// Backups of a live store with SQLite's online backup API, and restores that check a
/// backup before they touch anything.
///
/// The seed copies the store file, which under WAL can copy a store mid-write, miss
/// what is still in the -wal file, or produce a torn copy; the online backup API reads
/// a consistent snapshot however many other connections or processes are reading and
/// writing, and writes into a live store under SQLite's own locking.
public enum StoreBackup {
    /// Writes a consistent copy of the store at `store` to `destination`: one
    /// self-contained SQLite file (no -wal), written beside the destination and renamed
    /// into place, so that `destination` is never a partial backup. A file at
    /// `destination` is replaced (the caller named it).
    @discardableResult
    public static func backup(storeAt store: URL, to destination: URL,
                              progress: ProgressHandler? = nil) throws -> BackupSummary {
        try backup(storeAt: store, to: destination, progress: progress) { partial in
            try replace(destination, with: partial)
            return destination
        }.summary
    }

    /// Writes a consistent copy of the store at `store` beside `destination`, then hands
    /// that finished copy to `place`, which gives it the name `destination` (or throws);
    /// the copy is removed afterwards in any case. A tool's `--output` puts it as it puts
    /// its other files (`OutputFile.place`): without `--force`, never over a file, not even
    /// one made at `destination` while the backup ran, which a rename would replace.
    @discardableResult
    public static func backup(storeAt store: URL, to destination: URL, progress: ProgressHandler? = nil,
                              placing place: (URL) throws -> Void) throws -> BackupSummary {
        try backup(storeAt: store, to: destination, progress: progress) { partial in
            try place(partial)
            return destination
        }.summary
    }

    /// Writes a consistent copy of the store at `store` to a new file: `suggested`, or
    /// when a file has that name, the first of `suggested`-2, -3 … that none has
    /// (`NewBackupFile`). Never replaces a file, even one another process is writing at
    /// the same moment. Returns the file written.
    @discardableResult
    public static func backup(storeAt store: URL, toNewFile suggested: URL,
                              progress: ProgressHandler? = nil) throws -> (file: URL, summary: BackupSummary) {
        try backup(storeAt: store, to: suggested, progress: progress) { partial in
            try NewBackupFile.place(partial, near: suggested)
        }
    }

    /// The backup itself; `place` gives the finished copy its name, and returns that name.
    private static func backup(storeAt store: URL, to destination: URL, progress: ProgressHandler?,
                               place: (URL) throws -> URL) throws -> (file: URL, summary: BackupSummary) {
        guard FileManager.default.fileExists(atPath: store.path) else { throw BackupError.noStore(path: store.path) }
        guard store.standardizedFileURL.path != destination.standardizedFileURL.path else {
            throw BackupError.sameFile(path: store.path)
        }
        let directory = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        BackupLeftovers.removePartials(in: directory)
        let partial = BackupLeftovers.partialFile(for: destination)
        defer { removeDatabaseFiles(at: partial) }
        let source: DatabaseQueue
        do {
            source = try openForReading(store)
        } catch let error as DatabaseError {
            throw BackupError.storeNotBackedUp(path: store.path, reason: "it cannot be read (\(error.message ?? "error \(error.resultCode.rawValue)"))")
        }
        do {
            let copy = try DatabaseQueue(path: partial.path, configuration: connectionConfiguration())
            try source.backup(to: copy, pagesPerStep: 256) { step in
                progress?(step.completedPageCount, step.totalPageCount)
            }
            // A backup is one file: leave WAL so that nothing of it stays in a -wal file.
            try copy.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
            try copy.close()
            try source.close()
        } catch let error as DatabaseError {
            throw BackupError.failed(copying: error)
        }
        // Checked and counted in SQL, not read as models: a row this version cannot
        // read (a newer version's value, a damaged field) is copied like any other, so
        // that a backup never depends on every row being readable.
        // The copy's checks speak of backups; here the store itself is what is wrong.
        let summary: BackupSummary
        do {
            summary = try inspect(partial, reportedAs: store)
        } catch BackupError.notAStore(_, let reason) {
            throw BackupError.storeNotBackedUp(path: store.path, reason: "it is not a CardShow Pro store (\(reason)); "
                + "if another cardshow is creating it at this moment, try again in a moment")
        } catch BackupError.damaged(_, let reason) {
            throw BackupError.storeNotBackedUp(path: store.path, reason: "it is damaged (\(reason))")
        }
        if let stored = parseVersion(summary.schemaVersion), stored > SchemaV7.versionIdentifier {
            throw BackupError.storeNotBackedUp(path: store.path, reason: "it was written by a newer CardShow Pro (schema \(summary.schemaVersion)); "
                + "update CardShow Pro to back it up")
        }
        return (try place(partial), summary)
    }

    /// Checks that `backup` is an undamaged CardShow Pro store that this version can
    /// open (migrating a copy if it is older), and says what it holds. Never changes
    /// the file.
    public static func validate(backupAt backup: URL,
                                scratch: URL = FileManager.default.temporaryDirectory) throws -> BackupSummary {
        try withCheckedCopy(of: backup, scratch: scratch) { _, summary in summary }
    }

    /// Replaces the contents of the store at `store` with the backup at `backup`.
    ///
    /// The backup is checked first (see `validate(backupAt:)`), on a copy, which is
    /// also brought to the current schema; only then is the store overwritten, through
    /// the online backup API, so other connections see the old or the new store and
    /// never a mixture. When `keepingPrevious` names a file, the store's current
    /// contents are first backed up to a new file of that name, or `NAME-2` … when it is
    /// taken (never over a file: two restores in one second keep both previous contents),
    /// and that file is returned as `previousContents`. The check works in a folder in
    /// `scratch`; folders there that a killed restore left are removed first.
    @discardableResult
    public static func restore(from backup: URL, to store: URL, keepingPrevious previous: URL? = nil,
                               scratch: URL = FileManager.default.temporaryDirectory,
                               progress: ProgressHandler? = nil) throws -> (restored: BackupSummary, previousContents: URL?) {
        guard !SameFile.check(backup, store) else {
            throw BackupError.sameFile(path: store.path)
        }
        if let reason = unwritable(store) { throw BackupError.storeNotRestored(path: store.path, reason: reason) }
        BackupLeftovers.removeRestoreFolders(in: scratch)
        return try withCheckedCopy(of: backup, scratch: scratch) { checked, summary in
            // A backup of a synced store was made before the store's last sync, perhaps:
            // as its old self, it would never be sent back what it uploaded since.
            do {
                try SyncClient.continueAsNewDevice(try CardShowStore.container(at: checked))
            } catch {
                throw BackupError.unreadable(path: backup.path, reason: "\(error)")
            }
            var kept: URL?
            if let previous, FileManager.default.fileExists(atPath: store.path) {
                kept = try self.backup(storeAt: store, toNewFile: previous).file
            }
            try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
            do {
                let source = try DatabaseQueue(path: checked.path, configuration: connectionConfiguration())
                var configuration = connectionConfiguration()
                configuration.journalMode = .wal
                let target = try DatabaseQueue(path: store.path, configuration: configuration)
                try RestorePageSize.match(source, to: target)
                try source.backup(to: target, pagesPerStep: 256) { step in
                    progress?(step.completedPageCount, step.totalPageCount)
                }
                try target.close()
                try source.close()
            } catch let error as DatabaseError {
                // The store is as it was, so its previous contents need no file of their own.
                if let kept { removeDatabaseFiles(at: kept) }
                throw BackupError.failed(copying: error, restoring: true)
            }
            return (summary, kept)
        }
    }

    // MARK: Checking

    /// Copies `backup` to a temporary file, checks it, opens it with the current
    /// schema (which migrates it) and counts what it holds, then runs `body` on the
    /// checked copy. The copy is deleted afterwards.
    private static func withCheckedCopy<Result>(of backup: URL, scratch: URL,
                                                _ body: (URL, BackupSummary) throws -> Result) throws -> Result {
        guard FileManager.default.fileExists(atPath: backup.path) else {
            throw BackupError.notAStore(path: backup.path, reason: "there is no such file")
        }
        let directory = BackupLeftovers.restoreFolder(in: scratch)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("checked.store")

        let version = try (PlainStoreCopy.copy(backup, to: copy)
            ? inspect(copy, reportedAs: backup) : inspect(backup, copyingTo: copy)).schemaVersion
        guard let stored = parseVersion(version) else {
            throw BackupError.notAStore(path: backup.path, reason: "its schema version \"\(version)\" is not one CardShow Pro writes")
        }
        if stored > SchemaV7.versionIdentifier { throw BackupError.newerVersion(path: backup.path, version: version) }
        let summary: BackupSummary
        do {
            summary = try openAndCount(copy, version: version)
        } catch {
            throw BackupError.unreadable(path: backup.path, reason: "\(error)")
        }
        return try body(copy, summary)
    }

    /// Integrity and identity checks on a store file (opened read-only), with its rows
    /// counted in SQL, then, when `copy` is given, a copy through the backup API.
    ///
    /// Errors name `reportedAs` when given: the store a backup's copy was made from,
    /// which is what the user named, rather than the copy being checked.
    private static func inspect(_ backup: URL, copyingTo copy: URL? = nil, reportedAs named: URL? = nil) throws -> BackupSummary {
        let path = (named ?? backup).path
        do {
            var configuration = connectionConfiguration()
            configuration.readonly = true
            let database = try DatabaseQueue(path: backup.path, configuration: configuration)
            let summary: BackupSummary = try database.read { db in
                let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard check == ["ok"] else {
                    // Not SQLite's findings ("Page 5: btreeInitPage() returns error code 11"): the user's words.
                    throw BackupError.damaged(path: path, reason: Self.damage)
                }
                guard try db.tableExists("Z_METADATA") else {
                    throw BackupError.notAStore(path: path, reason: "it has no store metadata")
                }
                guard try db.tableExists("InventoryCard") else {
                    throw BackupError.notAStore(path: path, reason: "it has no inventory")
                }
                func rows(_ table: String) throws -> Int {
                    try db.tableExists(table) ? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\"") ?? 0 : 0
                }
                return BackupSummary(
                    schemaVersion: try String.fetchOne(db, sql: "SELECT value FROM Z_METADATA WHERE key = 'schemaVersion'") ?? "1.0.0",
                    cards: try rows("InventoryCard"), sales: try rows("SalesHistory"), trades: try rows("TradeHistory"),
                    events: try rows("Event"), contacts: try rows("Contact"), gradingSubmissions: try rows("GradingSubmission"),
                    prices: try rows("CachedPrice"))
            }
            if let copy {
                try database.backup(to: try DatabaseQueue(path: copy.path, configuration: connectionConfiguration()))
            }
            try database.close()
            return summary
        } catch let error as BackupError {
            throw error
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_NOTADB {
                throw BackupError.notAStore(path: path, reason: "it is not an SQLite database")
            }
            if error.resultCode == .SQLITE_CORRUPT {
                throw BackupError.damaged(path: path, reason: Self.damage)
            }
            if error.resultCode == .SQLITE_IOERR {
                throw BackupError.notAStore(path: path, reason: "the disk reported an error reading it")
            }
            throw BackupError.notAStore(path: path, reason: "it cannot be opened as a store (error \(error.extendedResultCode.rawValue))")
        }
    }

    /// A damaged backup's state in words (SQLite's are "database disk image is malformed").
    static let damage = "some of its pages are inconsistent or missing: it was cut short, or changed by another program"

    private static func openAndCount(_ copy: URL, version: String) throws -> BackupSummary {
        let container = try CardShowStore.container(at: copy)
        let context = ModelContext(container)
        // Reading every card proves each row decodes under the current schema.
        let cards = try context.fetch(FetchDescriptor<InventoryCard>()).count
        return BackupSummary(
            schemaVersion: version,
            cards: cards,
            sales: try context.fetchCount(FetchDescriptor<SalesHistory>()),
            trades: try context.fetchCount(FetchDescriptor<TradeHistory>()),
            events: try context.fetchCount(FetchDescriptor<Event>()),
            contacts: try context.fetchCount(FetchDescriptor<Contact>()),
            gradingSubmissions: try context.fetchCount(FetchDescriptor<GradingSubmission>()),
            prices: try context.fetchCount(FetchDescriptor<CachedPrice>()))
    }

    // MARK: Files

    /// Why the store at `store` (or, when there is none yet, its folder) cannot be written,
    /// which a restore checks before it makes anything: nil when it can.
    private static func unwritable(_ store: URL) -> String? {
        let exists = FileManager.default.fileExists(atPath: store.path)
        for path in exists ? [store.path, store.deletingLastPathComponent().path] : [store.deletingLastPathComponent().path]
        where access(path, W_OK) != 0 && errno != ENOENT {
            let code = errno
            let what = path == store.path ? "the store" : "its folder"
            switch code {
            case EROFS: return "\(what) is on read-only media"
            case EPERM: return "the system does not let \(what) be changed (is it marked immutable? `lsattr` shows an i)"
            case EACCES: return "this user may not write \(what)"
            default: return "\(what) cannot be written (\(StoreIOWords.reason(posix: code, path: path)))"
            }
        }
        return nil
    }

    /// The store, to be copied: as immutable where nothing can change it (on read-only media),
    /// since SQLite cannot make there the -shm file a WAL store is otherwise read through.
    private static func openForReading(_ store: URL) throws -> DatabaseQueue {
        guard ReadOnlyMedia.holds(store) else { return try DatabaseQueue(path: store.path, configuration: connectionConfiguration()) }
        var configuration = connectionConfiguration()
        configuration.readonly = true
        return try DatabaseQueue(path: ReadOnlyMedia.immutablePath(of: store), configuration: configuration)
    }

    private static func connectionConfiguration() -> Configuration {
        var configuration = Configuration()
        // Wait for a writer in another process rather than failing at once.
        configuration.busyMode = .timeout(10)
        configuration.label = "CardShowPro.backup"
        return configuration
    }

    static func parseVersion(_ text: String) -> Schema.Version? {
        let parts = text.split(separator: ".").map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = parts.map { $0! } + Array(repeating: 0, count: 3 - parts.count)
        return Schema.Version(numbers[0], numbers[1], numbers[2])
    }

    /// Moves `file` over `destination` in one step (POSIX rename). A file there gives the
    /// new one its mode and owner, as every tool's `--output` does: a backup the user had made
    /// private (0600) would otherwise become readable by everyone.
    private static func replace(_ destination: URL, with file: URL) throws {
        var existing = stat()
        if stat(destination.path, &existing) == 0 {
            // Only root can give a file to another owner; anyone else's new file is already theirs.
            let owned = getuid() != 0 || chown(file.path, existing.st_uid, existing.st_gid) == 0
            guard owned, chmod(file.path, existing.st_mode & 0o777) == 0 else {
                throw BackupError.failed("cannot write \(destination.path): \(String(cString: strerror(errno)))")
            }
        }
        guard rename(file.path, destination.path) == 0 else {
            throw BackupError.failed("cannot write \(destination.path): \(String(cString: strerror(errno)))")
        }
    }

    private static func removeDatabaseFiles(at url: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }
}
