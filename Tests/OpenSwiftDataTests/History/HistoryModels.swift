import Foundation
import OpenSwiftData
import Testing

/// A note whose title and priority stay in history after it is deleted.
@Model
final class HistoryNote {
    @Attribute(.preserveValueOnDeletion) var title: String
    @Attribute(.preserveValueOnDeletion) var priority: Int
    @Attribute(.preserveValueOnDeletion) var weight: Double
    @Attribute(.preserveValueOnDeletion) var checksum: Data?
    var body: String
    var folder: HistoryFolder?

    init(title: String, priority: Int = 0, weight: Double = 1, checksum: Data? = nil, body: String = "", folder: HistoryFolder? = nil) {
        self.title = title
        self.priority = priority
        self.weight = weight
        self.checksum = checksum
        self.body = body
        self.folder = folder
    }
}

/// A folder whose notes go with it: the store deletes them in SQL, unloaded.
@Model
final class HistoryFolder {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \HistoryNote.folder) var notes: [HistoryNote] = []

    init(name: String) { self.name = name }
}

/// A store file with the history models, and helpers to read its history.
struct HistoryStore {
    let store = TestStore()
    let container: ModelContainer

    init() throws {
        container = try store.container(HistoryNote.self, HistoryFolder.self)
    }

    func context(author: String? = nil) -> ModelContext {
        let context = ModelContext(container)
        context.author = author
        return context
    }

    /// Every transaction, in the order saved.
    func history(_ predicate: Predicate<DefaultHistoryTransaction>? = nil) throws -> [DefaultHistoryTransaction] {
        try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: predicate))
    }

    /// The token of the last transaction so far.
    func lastToken() throws -> DefaultHistoryToken {
        try #require(try history().last?.token)
    }
}

/// A change summarised as text, to compare a transaction's changes at a glance:
/// `insert HistoryNote`, `update HistoryNote title,body`, `delete HistoryFolder`.
func summary(_ change: HistoryChange) -> String {
    switch change {
    case .insert(let insert): "insert \(insert.changedPersistentIdentifier.entityName)"
    case .update(let update as DefaultHistoryUpdate<HistoryNote>):
        "update HistoryNote \(update.updatedAttributes.map(noteProperty).joined(separator: ","))"
    case .update(let update as DefaultHistoryUpdate<HistoryFolder>):
        "update HistoryFolder \(update.updatedAttributes.map(folderProperty).joined(separator: ","))"
    case .update(let update): "update \(update.changedPersistentIdentifier.entityName)"
    case .delete(let delete): "delete \(delete.changedPersistentIdentifier.entityName)"
    }
}

private func noteProperty(_ keyPath: PartialKeyPath<HistoryNote>) -> String {
    switch keyPath {
    case \HistoryNote.title: "title"
    case \HistoryNote.priority: "priority"
    case \HistoryNote.weight: "weight"
    case \HistoryNote.checksum: "checksum"
    case \HistoryNote.body: "body"
    case \HistoryNote.folder: "folder"
    default: "?"
    }
}

private func folderProperty(_ keyPath: PartialKeyPath<HistoryFolder>) -> String {
    switch keyPath {
    case \HistoryFolder.name: "name"
    case \HistoryFolder.notes: "notes"
    default: "?"
    }
}
