import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which thread of this process writes to a store: one at a time, and while a context
/// runs ``ModelContext/transaction(block:)`` its thread holds the gate from the block's
/// start to its end, so that no other thread's save lands between what the block reads
/// and what it saves.
///
/// The gate is per thread, not per call: a write on the thread that holds it goes
/// through at once (the block's own save, a batch delete inside it). A block is
/// synchronous, so it runs on one thread from start to end.
final class WriteGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var owner: pthread_t?
    private var depth = 0
    /// The context whose transaction holds the gate, by its editing state's identifier; nil while
    /// the gate is held by a single write.
    private var transactionOwner: UUID?
    /// A thread has found the gate held by another (see `enterForRead()`).
    private let threadsHaveMet = Atomic<Bool>(false)

    /// Enters the gate: at once when this thread holds it, else once no other thread
    /// does. False when another thread held it past `timeout`.
    func enter(timeout: TimeInterval) -> Bool {
        let me = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        if let owner, pthread_equal(owner, me) != 0 {
            depth += 1
            return true
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        if owner != nil { threadsHaveMet.store(true, ordering: .relaxed) }
        while owner != nil {
            guard condition.wait(until: deadline) else { return false }
        }
        owner = me
        depth = 1
        return true
    }

    /// Enters the gate for a read through the writer's connection: only when no thread
    /// holds it, this one included (a read must neither wait for a write nor see one under
    /// way on its own thread), and only while no two threads have met at the gate.
    ///
    /// Once they have, this process reads while it writes, and reads take connections
    /// of their own from then on: a write waits for a read on the writer at most until
    /// then.
    func enterForRead() -> Bool {
        guard !threadsHaveMet.load(ordering: .relaxed) else { return false }
        condition.lock()
        defer { condition.unlock() }
        if let owner {
            if pthread_equal(owner, pthread_self()) == 0 { threadsHaveMet.store(true, ordering: .relaxed) }
            return false
        }
        owner = pthread_self()
        depth = 1
        return true
    }

    /// Leaves the gate; the last leave of its holder lets another thread in.
    func leave() {
        condition.lock()
        defer { condition.unlock() }
        depth -= 1
        guard depth == 0 else { return }
        owner = nil
        transactionOwner = nil
        condition.signal()
    }

    /// Whether this thread holds the gate.
    var isHeldByCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let owner else { return false }
        return pthread_equal(owner, pthread_self()) != 0
    }

    /// The context, by its editing state, whose transaction this thread holds the gate
    /// for; nil when this thread holds it for no transaction (or does not hold it).
    var transactionOfCurrentThread: UUID? {
        condition.lock()
        defer { condition.unlock() }
        guard let owner, pthread_equal(owner, pthread_self()) != 0 else { return nil }
        return transactionOwner
    }

    /// Marks the gate, which this thread holds, as held for a transaction of `context`.
    func holdForTransaction(of context: UUID) {
        condition.lock()
        defer { condition.unlock() }
        transactionOwner = context
    }
}
