import Foundation

/// The keys of a snapshot's encoded form, for a store that writes its own coder or
/// decoder for snapshots: the model's identifier, and each modelled property by name.
public enum DataStoreSnapshotCodingKey: CodingKey, Sendable {
    case persistentIdentifier
    case modeledProperty(String)

    private static let identifierKey = "persistentIdentifier"

    public var stringValue: String {
        switch self {
        case .persistentIdentifier: Self.identifierKey
        case .modeledProperty(let name): name
        }
    }

    /// The identifier's key, or the property of that name.
    public init?(stringValue: String) {
        self = stringValue == Self.identifierKey ? .persistentIdentifier : .modeledProperty(stringValue)
    }

    /// Snapshots are keyed by name only.
    public var intValue: Int? { nil }

    /// Snapshots are keyed by name only, so no integer names a key.
    public init?(intValue: Int) { nil }
}

/// What a snapshot's values may be: encodable, decodable and sendable.
public typealias DataStoreSnapshotValue = Codable & Sendable
