import Foundation

extension ModelContainer {
    /// Runs `block` with a new context of the container on a thread meant for blocking
    /// work, and returns what it returns: for `async` code (a Vapor or Hummingbird
    /// handler, a task) that must not hold a thread of Swift's cooperative pool, or an
    /// event loop, while a store answers. The threads are a fixed set shared by every
    /// container of the process (twice the processors, at least eight): more tasks than
    /// that wait their turn in the order they came.
    ///
    /// Models belong to the context `block` gets and stay on that thread: return
    /// values (identifiers, counts, data for a response), not models. The name and
    /// shape are Core Data's `NSPersistentContainer.performBackgroundTask(_:)`.
    ///
    /// ```swift
    /// router.get("cards") { _, _ in
    ///     try await container.performBackgroundTask { context in
    ///         try context.fetch(FetchDescriptor<Card>()).map { CardResponse(name: $0.name) }
    ///     }
    /// }
    /// ```
    public func performBackgroundTask<T: Sendable>(_ block: @escaping @Sendable (ModelContext) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            BlockingWorkPool.shared.run {
                continuation.resume(with: Result { try block(ModelContext(self)) })
            }
        }
    }
}
