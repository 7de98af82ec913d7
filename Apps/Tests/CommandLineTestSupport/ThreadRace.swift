import Foundation

/// Runs one body on several threads at once and collects how each ended: for tests of
/// two contexts of one process doing the same check-then-save at the same moment.
public enum ThreadRace {
    /// Runs `body(0)`, `body(1)`, ... `body(count - 1)` concurrently; for each, nil when it
    /// returned, or the error it threw, in index order.
    public static func run(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [(any Error)?] {
        let outcomes = Outcomes(count)
        let start = DispatchGroup(), done = DispatchGroup()
        start.enter()
        for index in 0..<count {
            done.enter()
            // Threads of their own: each holds its own place in the write gate, as the
            // threads of a program would.
            Thread {
                start.wait()
                do { try body(index) } catch { outcomes.set(index, error) }
                done.leave()
            }.start()
        }
        start.leave()
        done.wait()
        return outcomes.all
    }

    private final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [(any Error)?]
        init(_ count: Int) { errors = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ error: any Error) { lock.withLock { errors[index] = error } }
        var all: [(any Error)?] { lock.withLock { errors } }
    }
}
