import GRDB
import Synchronization

/// Refuses the first write of an opened database whose pages are damaged.
///
/// A damaged page that the command itself never reads would otherwise be written
/// around and the damage spread by every later write. The check (`PRAGMA quick_check`,
/// a read of the whole file) runs inside the first write's transaction, so no other
/// process can write between the check and that write, and once per opened database,
/// as each `getdiced` command opens its database once.
final class IntegrityGate: Sendable {
    let path: String
    private let passed = Mutex(false)

    init(path: String) {
        self.path = path
    }

    /// Throws ``GetDicedError/damagedDatabase(path:)`` when the check finds damage;
    /// call it first inside a write transaction.
    func check(_ db: Database) throws {
        guard !passed.withLock({ $0 }) else { return }
        let findings: [String]
        do {
            findings = try String.fetchAll(db, sql: "PRAGMA quick_check")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
            throw GetDicedError.damagedDatabase(path: path)
        }
        guard findings == ["ok"] else { throw GetDicedError.damagedDatabase(path: path) }
        passed.withLock { $0 = true }
    }
}
