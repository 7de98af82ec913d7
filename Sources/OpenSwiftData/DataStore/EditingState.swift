import Foundation

/// Who is asking a ``DataStore``: one per ``ModelContext``, sent with each of its
/// requests, so that a store can keep state per context.
public struct EditingState: Identifiable, Sendable {
    /// Identifies the context this editing state belongs to.
    public let id: UUID
    /// The context's ``ModelContext/author`` when the request was made.
    public var author: String?

    init(id: UUID = UUID(), author: String? = nil) {
        self.id = id
        self.author = author
    }
}
