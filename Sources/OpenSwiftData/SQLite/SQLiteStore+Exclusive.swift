import Foundation
import GRDB

// A context's transaction: its reads and its save with no other writer between them.
extension SQLiteStore {
    /// Runs `body` holding the store's write lock: the writer's `BEGIN IMMEDIATE`,
    /// which no other process's write passes, and `writeGate`, which no other
    /// thread's write passes. The first save of the context within it commits it (so
    /// that the context learns it saved only once the rows are in the file); if
    /// `body` throws first, it is rolled back.
    ///
    /// Reads need no lock of their own: they see the newest commit, and no commit can
    /// follow it until the lock is let go.
    func exclusively<T>(for editingState: EditingState, _ body: () throws -> T) throws -> T {
        // A migration's stage: its transaction already holds the file.
        if readsThroughWriter { return try body() }
        try enterWriteGate()
        defer { writeGate.leave() }
        // A transaction within a transaction of this thread: the outer one holds the lock.
        guard writeGate.transactionOfCurrentThread == nil else { return try body() }
        writeGate.holdForTransaction(of: editingState.id)
        try beginExclusiveTransaction()
        let value: T
        do {
            value = try body()
        } catch {
            endExclusiveTransaction()
            throw error
        }
        try commitExclusiveTransaction()
        return value
    }

    /// Refuses a save of one context while another context's transaction holds the
    /// store on this thread: the save would wait for the block that waits for it.
    func checkSaveMayJoinTransaction(of editingState: EditingState) throws {
        guard let owner = writeGate.transactionOfCurrentThread, owner != editingState.id else { return }
        throw OpenSwiftDataError.saveDuringAnotherContextsTransaction(store: configuration.name)
    }

    /// Only a writable file holds a lock other processes see; in memory the gate suffices.
    private var holdsFileLock: Bool {
        !configuration.isStoredInMemoryOnly && configuration.allowsSave && !isOnReadOnlyMedia
    }

    private func beginExclusiveTransaction() throws {
        guard holdsFileLock else { return }
        exclusiveTransactionTouched = []
        do {
            try database.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION") }
        } catch let error as DatabaseError {
            throw storeError(error)
        }
        exclusiveTransactionIsOpen = true
    }

    /// Commits what the block wrote without a save of its own (a batch delete), or
    /// nothing when its save already committed.
    private func commitExclusiveTransaction() throws {
        guard exclusiveTransactionIsOpen else { return }
        exclusiveTransactionIsOpen = false
        do {
            try database.writeWithoutTransaction { db in try db.commit() }
        } catch let error as DatabaseError {
            endExclusiveTransaction()
            throw storeError(error)
        }
        didCommit(touching: exclusiveTransactionTouched)
    }

    /// Rolls back whatever of the transaction is still open.
    private func endExclusiveTransaction() {
        exclusiveTransactionIsOpen = false
        guard holdsFileLock else { return }
        do {
            try database.writeWithoutTransaction { db in
                if db.isInsideTransaction { try db.rollback() }
            }
        } catch {
            Log.logger.error("rolling back a transaction of \(configuration.url.path) failed: \(error)")
        }
        historyTablesPending.store(false, ordering: .releasing)
    }
}
