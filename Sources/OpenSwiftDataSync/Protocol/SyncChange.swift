import Foundation

/// One model's change, as devices upload it and the server hands it on.
///
/// A model is known everywhere by its sync ID, which its first device gave it: store
/// row numbers differ from one store to the next.
public struct SyncChange: Hashable, Codable, Sendable {
    /// What happened to the model.
    public enum Kind: String, Hashable, Codable, Sendable {
        /// The model was made; ``SyncChange/values`` holds every property.
        case insert
        /// Some properties were set; ``SyncChange/values`` holds those.
        case update
        /// The model was deleted, for good: its sync ID never comes back.
        case delete
        /// The model is the same as the one ``SyncChange/mergedInto`` names (two devices
        /// inserted the same unique key); the server hands this on, devices never send it.
        case merge
    }

    /// The name of the model's entity.
    public var entityName: String
    /// The model's sync ID.
    public var syncID: UUID
    /// What happened.
    public var kind: Kind
    /// The properties set, by name, each with the moment it was written.
    public var values: [String: SyncStampedValue]
    /// For a delete, the moment of the delete.
    public var deletedAt: HLCTimestamp?
    /// For an insert, the model's unique keys: one text per `#Unique` constraint (or
    /// `.unique` attribute), the same on every device for the same values.
    public var uniqueKeys: [String]
    /// For a merge, the sync ID that the model is now known by.
    public var mergedInto: UUID?

    /// A change with these parts.
    public init(entityName: String, syncID: UUID, kind: Kind, values: [String: SyncStampedValue] = [:],
                deletedAt: HLCTimestamp? = nil, uniqueKeys: [String] = [], mergedInto: UUID? = nil) {
        self.entityName = entityName
        self.syncID = syncID
        self.kind = kind
        self.values = values
        self.deletedAt = deletedAt
        self.uniqueKeys = uniqueKeys
        self.mergedInto = mergedInto
    }
}

/// A property's value with the moment it was written on its device.
public struct SyncStampedValue: Hashable, Codable, Sendable {
    /// The value.
    public var value: SyncValue
    /// When it was written.
    public var clock: HLCTimestamp

    /// A value written at `clock`.
    public init(_ value: SyncValue, at clock: HLCTimestamp) {
        self.value = value
        self.clock = clock
    }
}
