import ChildProcessSupport
import Foundation

/// Runs blocking work (waiting for a process, sleeping between kills) on a thread of
/// its own, so that it does not hold one of the few threads Swift's concurrency
/// shares among all the tests that run at the same time.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

extension ChildProcess {
    /// Waits for the process to end without blocking a thread of the concurrency pool.
    func ended() async {
        while isRunning { try? await Task.sleep(for: .milliseconds(10)) }
    }
}
