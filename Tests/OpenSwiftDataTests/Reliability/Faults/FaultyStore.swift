import FaultInjection
import Foundation
import GRDB
@testable import OpenSwiftData

/// A store in a temporary directory whose files the fault-injection VFS watches, with a
/// one-second busy timeout; removed, and its faults cleared, when released.
final class FaultyStore {
    let store = TestStore()
    var url: URL { store.url }
    /// The directory, as the VFS matches the paths SQLite opens.
    let prefix: String

    init() {
        _ = fault_injection_install()
        prefix = store.directory.path + "/"
        SQLiteStore.busyTimeoutOverrides.withLock { $0[store.url.path] = 1 }
    }

    deinit {
        fault_injection_clear(prefix)
        _ = SQLiteStore.busyTimeoutOverrides.withLock { $0.removeValue(forKey: store.url.path) }
    }

    func container() throws -> ModelContainer { try store.container(Voucher.self) }

    /// Every Voucher row as "code amount note-length", in code order, read on a connection of its own.
    func rows() throws -> [String] {
        try inspect { db in
            try Row.fetchAll(db, sql: "SELECT code, amount, length(note) AS size FROM Voucher ORDER BY code").map { row in
                "\(row["code"] as String) \(row["amount"] as Int) \(row["size"] as Int)"
            }
        }
    }

    /// SQLite's own check of every page.
    func integrity() throws -> String {
        try inspect { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }

    /// Copies the log into the store and empties it, so that the next save starts a new log.
    func checkpoint() throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
    }

    /// The size of the store or its log, whichever is larger.
    func largestFileSize() -> Int {
        ["", "-wal"].compactMap { suffix in
            (try? FileManager.default.attributesOfItem(atPath: url.path + suffix)[.size]) as? Int
        }.max() ?? 0
    }

    private func inspect<T>(_ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(body)
    }
}
