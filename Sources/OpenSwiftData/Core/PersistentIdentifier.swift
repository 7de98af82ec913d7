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
    package let rowID: Int64

    /// `package`: the PostgreSQL store makes identifiers from its rows' `Z_PK`, as the SQLite store does.
    package init(entityName: String, storeIdentifier: String?, rowID: Int64) {
        self.entityName = entityName
        self.storeIdentifier = storeIdentifier
        self.rowID = rowID
    }

    /// True until the model is first saved.
    public var isTemporary: Bool { rowID < 0 }

    /// The identifier's identity, as SwiftData spells it (`persistentModelID.id`).
    public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
        let identifier: PersistentIdentifier
        /// The identifier it identifies, as text.
        public var description: String { identifier.description }
    }

    /// A value that identifies the same model as this identifier.
    public var id: ID { ID(identifier: self) }

    /// The store, entity and row, as text.
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

    /// Hashes the store, entity and row, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entityName)
        hasher.combine(rowID)
    }

    /// Orders by store, then entity, then row.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.entityName, lhs.rowID) < (rhs.entityName, rhs.rowID)
    }

    private enum CodingKeys: String, CodingKey { case entityName, storeIdentifier, primaryKey }

    /// The row number is written as `primaryKey`, except a custom store's, whose key
    /// (its description) is written instead, since row numbers of custom keys are
    /// only this process's (see `PrimaryKeyRegistry`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entityName, forKey: .entityName)
        try container.encodeIfPresent(storeIdentifier, forKey: .storeIdentifier)
        if let key = customPrimaryKey {
            try container.encode(key, forKey: .primaryKey)
        } else {
            try container.encode(rowID, forKey: .primaryKey)
        }
    }

    /// Decodes an identifier `encode(to:)` wrote; it is equal to the original.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entityName = try container.decode(String.self, forKey: .entityName)
        storeIdentifier = try container.decodeIfPresent(String.self, forKey: .storeIdentifier)
        if let number = try? container.decode(Int64.self, forKey: .primaryKey) {
            rowID = number
            return
        }
        let key = try container.decode(String.self, forKey: .primaryKey)
        guard let storeIdentifier else {
            throw DecodingError.dataCorruptedError(forKey: .primaryKey, in: container,
                                                   debugDescription: "an identifier whose primary key is text must name its store (storeIdentifier)")
        }
        rowID = PrimaryKeyRegistry.rowID(store: storeIdentifier, entity: entityName, primaryKey: key)
    }

    /// Hands out the negative row IDs of unsaved models.
    static func nextTemporaryRowID() -> Int64 {
        temporaryRowIDs.subtract(1, ordering: .relaxed).newValue
    }
}

private let temporaryRowIDs = Atomic<Int64>(0)
