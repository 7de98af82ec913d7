import Dispatch

/// Performs storage work with a context isolated to it.
public protocol ModelExecutor: Executor {
    var modelContext: ModelContext { get }
}

/// A model executor that runs one job at a time.
public protocol SerialModelExecutor: ModelExecutor, SerialExecutor {}

/// Runs a model actor's jobs one at a time on a dispatch queue of its own, so that
/// the actor's context is only ever used from one thread at a time.
public final class DefaultSerialModelExecutor: SerialModelExecutor, @unchecked Sendable {
    /// The context the actor's work uses.
    public let modelContext: ModelContext
    private let queue = DispatchQueue(label: "OpenSwiftData.DefaultSerialModelExecutor")

    /// An executor that runs jobs one at a time on a queue of its own, with the context.
    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    /// Runs the job on the executor's queue, after those enqueued before it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// The executor as an actor's `unownedExecutor` returns it.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
