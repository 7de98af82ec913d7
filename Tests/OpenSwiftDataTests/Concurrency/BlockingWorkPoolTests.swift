import Foundation
import Synchronization
import Testing
@testable import OpenSwiftData

/// The threads `performBackgroundTask` runs on: a fixed set, fed in order.
@Suite struct BlockingWorkPoolTests {
    private final class Record: Sendable {
        let running = Mutex(0)
        let mostAtOnce = Mutex(0)
        let started = Mutex<[Int]>([])
    }

    @Test func noMoreJobsRunAtOnceThanThePoolHasThreads() async {
        let pool = BlockingWorkPool(threads: 2)
        let record = Record()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        pool.run {
                            let now = record.running.withLock { $0 += 1; return $0 }
                            record.mostAtOnce.withLock { $0 = max($0, now) }
                            record.started.withLock { $0.append(index) }
                            Thread.sleep(forTimeInterval: 0.05)
                            record.running.withLock { $0 -= 1 }
                            continuation.resume()
                        }
                    }
                }
            }
        }
        #expect(record.mostAtOnce.withLock { $0 } == 2)
        #expect(record.started.withLock { $0.count } == 6)
    }

    @Test func jobsStartInTheOrderTheyCame() async {
        let pool = BlockingWorkPool(threads: 1)
        let record = Record()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for index in 0..<5 {
                pool.run {
                    record.started.withLock { $0.append(index) }
                    if index == 4 { continuation.resume() }
                }
            }
        }
        #expect(record.started.withLock { $0 } == [0, 1, 2, 3, 4])
    }

    @Test func aBackgroundTaskReturnsWhatItsBlockReturns() async throws {
        let container = try ModelContainer(for: Schema([]), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
        let answer = try await container.performBackgroundTask { _ in 42 }
        #expect(answer == 42)
    }
}
