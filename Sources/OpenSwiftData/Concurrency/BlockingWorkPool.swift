import Foundation

/// A fixed set of threads for work that blocks (a store's reads and writes), fed in
/// the order it comes: `ModelContainer.performBackgroundTask(_:)` runs there, so that
/// no thread of Swift's cooperative pool, and no event loop, waits for a store, and
/// a burst of requests queues rather than making a thread each.
///
/// Its size is twice the processors, at least eight: enough to keep a server's
/// connections to PostgreSQL busy while others wait on them, few enough that a burst
/// of a thousand requests is a queue, not a thousand threads.
final class BlockingWorkPool: @unchecked Sendable {
    static let shared = BlockingWorkPool(threads: max(8, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    /// Index of the next job in `queue`; the queue is compacted when it drains.
    private var head = 0

    init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "OpenSwiftData.blocking.\(index)"
            thread.start()
        }
    }

    /// Runs `job` on one of the pool's threads, after the jobs before it have started.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while head == queue.count { condition.wait() }
            let job = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
