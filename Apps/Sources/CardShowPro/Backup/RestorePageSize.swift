import GRDB

/// A restore writes the checked copy of a backup into the store with SQLite's backup API,
/// and the store is in WAL mode, where that API cannot change the size of the store's pages:
/// a backup whose pages are of another size (a copy made by an older SQLite, whose pages were
/// 1,024 bytes, or one `VACUUM`ed with another `page_size`) failed as "the copy could not be
/// written there (read-only, or this user may not write it)", and a store of another page
/// size could be restored from no backup at all. The checked copy is the restore's own
/// scratch file, so it is rewritten with the store's page size first.
enum RestorePageSize {
    /// Rewrites `copy` with `target`'s page size when the two differ.
    static func match(_ copy: DatabaseQueue, to target: DatabaseQueue) throws {
        let wanted = try target.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
        let current = try copy.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
        guard let wanted, let current, wanted != current else { return }
        try copy.writeWithoutTransaction { db in
            // A database in WAL mode keeps its page size; out of it, VACUUM applies a new one.
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA page_size = \(wanted)")
            try db.execute(sql: "VACUUM")
        }
    }
}
