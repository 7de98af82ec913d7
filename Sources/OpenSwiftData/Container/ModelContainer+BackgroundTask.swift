import Foundation

extension ModelContainer {
    /// Runs `block` with a new context of the container on a thread meant for blocking
    /// work, and returns what it returns: for `async` code (a Vapor or Hummingbird
    /// handler, a task) that must not hold a thread of Swift's cooperative pool, or an
    /// event loop, while a store answers.
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
            ModelContainer.blockingWork.async {
                continuation.resume(with: Result { try block(ModelContext(self)) })
            }
        }
    }

    /// The threads background tasks block on: Dispatch's, not the cooperative pool's.
    private static let blockingWork = DispatchQueue(label: "OpenSwiftData.performBackgroundTask", qos: .userInitiated, attributes: .concurrent)
}
