import Foundation

/// Runs async work to its end from a command's synchronous `run()`: the tools' root
/// commands are synchronous (`CommandRunner` checks their output after `run()` returns),
/// and a command such as `sync` talks to a server through async APIs.
public enum AwaitedWork {
    /// The value `work` returns, or its error, once it has finished on a task of its own.
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                outcome.set(.success(try await work()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        guard let result = outcome.get() else { throw ToolError("The command's work ended without an outcome.") }
        return try result.get()
    }

    private final class Outcome<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Value, any Error>?

        func set(_ result: Result<Value, any Error>) { lock.withLock { self.result = result } }
        func get() -> Result<Value, any Error>? { lock.withLock { result } }
    }
}
