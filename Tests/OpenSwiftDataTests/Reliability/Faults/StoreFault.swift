import FaultInjection
import Foundation
import GRDB
@testable import OpenSwiftData
import Testing

/// A fault that makes a save fail inside SQLite, and how a test sets it up and clears it.
///
/// Disk-full and I/O faults come from the `FaultInjection` VFS, armed for the test's own
/// directory: a full disk fails the third write of the save's `-wal` frames with
/// SQLITE_FULL, a small disk refuses any write past a size limit (SQLITE_FULL), an I/O
/// error fails the third write with SQLITE_IOERR_WRITE, and a failed flush fails the
/// `fsync` of the `-wal` header that a save writes after a checkpoint emptied the log
/// (SQLITE_IOERR_FSYNC). A constraint hit mid-transaction is a unique code that another
/// context saved after this one read its models; a lock is a second connection holding
/// `BEGIN IMMEDIATE` past the store's busy timeout, set to one second for the test.
enum StoreFault: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case diskFull, smallDisk, writeError, flushError, uniqueConstraint, lockHeld

    var testDescription: String { rawValue }

    /// What holds the fault while it is armed: the lock's connection, the other context.
    final class Armed {
        var lock: DatabaseQueue?
        var interloper: (ModelContext, Voucher)?
    }

    /// Arms the fault for `store`; the next save meets it.
    func arm(_ store: FaultyStore, container: ModelContainer) throws -> Armed {
        let armed = Armed()
        switch self {
        case .diskFull:
            fault_injection_arm(store.prefix, FAULT_ON_WRITE, 2, ResultCode.SQLITE_FULL.rawValue)
        case .smallDisk:
            fault_injection_arm(store.prefix, FAULT_ON_SIZE, Int64(store.largestFileSize() + 8_192), ResultCode.SQLITE_FULL.rawValue)
        case .writeError:
            fault_injection_arm(store.prefix, FAULT_ON_WRITE, 2, ResultCode.SQLITE_IOERR_WRITE.rawValue)
        case .flushError:
            // The next save restarts the emptied log, writing its header and flushing it.
            try store.checkpoint()
            fault_injection_arm(store.prefix, FAULT_ON_SYNC, 0, ResultCode.SQLITE_IOERR_FSYNC.rawValue)
        case .uniqueConstraint:
            let other = ModelContext(container)
            let interloper = Voucher(code: FaultScenario.renamedCode, amount: 99)
            other.insert(interloper)
            try other.save()
            armed.interloper = (other, interloper)
        case .lockHeld:
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true
            let lock = try DatabaseQueue(path: store.url.path, configuration: configuration)
            try lock.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
            armed.lock = lock
        }
        return armed
    }

    /// Takes the fault away: the disk has room again, the other program finished.
    func clear(_ store: FaultyStore, _ armed: Armed) throws {
        fault_injection_clear(store.prefix)
        if let (other, interloper) = armed.interloper {
            other.delete(interloper)
            try other.save()
        }
        if let lock = armed.lock {
            try lock.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
            try lock.close()
        }
    }

    /// Whether `error` is this fault's, typed.
    func isExpected(_ error: OpenSwiftDataError?, path: String) -> Bool {
        switch self {
        case .diskFull, .smallDisk: error == .storeDiskFull(path: path)
        case .writeError: error == .storeIOError(path: path, operation: .writing)
        case .flushError: error == .storeIOError(path: path, operation: .flushing)
        case .uniqueConstraint: error == .uniqueConstraintViolated(entity: "Voucher", properties: ["code"])
        case .lockHeld: error == .storeBusy(path: path, seconds: 1)
        }
    }

    /// Words the message must hold, besides naming the store.
    var words: String {
        switch self {
        case .diskFull, .smallDisk: "the disk is full"
        case .writeError: "I/O error while writing"
        case .flushError: "I/O error while flushing to disk"
        case .uniqueConstraint: "already has this code"
        case .lockHeld: "another program kept it locked"
        }
    }

    /// Whether the message names the store's file (a constraint is about the data, not the file).
    var namesTheFile: Bool { self != .uniqueConstraint }
}
