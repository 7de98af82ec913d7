import Foundation

/// What the stages of a migration plan did, for the test that set it: plans are
/// static types, so their code finds the recorder of the running test through a
/// task-local value (a container's migration runs in the task that makes it).
final class StageRecorder: @unchecked Sendable {
    @TaskLocal static var current: StageRecorder?

    private let lock = NSLock()
    private var storage: [String] = []
    private var valuesStorage: [String: String] = [:]

    var events: [String] { lock.withLock { storage } }

    func record(_ event: String) { lock.withLock { storage.append(event) } }

    /// Values a willMigrate hands to its didMigrate.
    subscript(key: String) -> String? {
        get { lock.withLock { valuesStorage[key] } }
        set { lock.withLock { valuesStorage[key] = newValue } }
    }

    /// Runs `body` with this recorder as the current one.
    func during<R>(_ body: () throws -> R) rethrows -> R {
        try StageRecorder.$current.withValue(self, operation: body)
    }
}
