import Foundation
import Synchronization

/// The identity of a model's row, stable across saves and contexts.
///
/// A model inserted but not yet saved has a temporary identifier; saving gives it a
/// permanent one, and from then on every context of the container resolves that
/// identifier to the same row.
public struct PersistentIdentifier: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The name of the model's entity.
    public let entityName: String
    /// The container's store that holds the row, once saved.
    public let storeIdentifier: String?
    /// The row's primary key; negative while temporary.
    let rowID: Int64

    init(entityName: String, storeIdentifier: String?, rowID: Int64) {
        self.entityName = entityName
        self.storeIdentifier = storeIdentifier
        self.rowID = rowID
    }

    /// True until the model is first saved.
    public var isTemporary: Bool { rowID < 0 }

    /// The identifier's identity, as SwiftData spells it (`persistentModelID.id`).
    public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
        let identifier: PersistentIdentifier
        public var description: String { identifier.description }
    }

    public var id: ID { ID(identifier: self) }

    public var description: String {
        "\(entityName)/\(isTemporary ? "t" : "p")\(abs(rowID))"
    }

    /// The same row of the same entity. The store is compared only when both sides
    /// know it: a model that has left its context (deleted, or replaced by an upsert)
    /// still names its row.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rowID == rhs.rowID && lhs.entityName == rhs.entityName
            && (lhs.storeIdentifier == nil || rhs.storeIdentifier == nil || lhs.storeIdentifier == rhs.storeIdentifier)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entityName)
        hasher.combine(rowID)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.entityName, lhs.rowID) < (rhs.entityName, rhs.rowID)
    }

    private enum CodingKeys: String, CodingKey { case entityName, storeIdentifier, rowID = "primaryKey" }

    /// Hands out the negative row IDs of unsaved models.
    static func nextTemporaryRowID() -> Int64 {
        temporaryRowIDs.subtract(1, ordering: .relaxed).newValue
    }
}

private let temporaryRowIDs = Atomic<Int64>(0)
