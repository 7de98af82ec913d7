import Foundation

/// The values of one model as a ``DataStore`` keeps them, named by the model's
/// identifier. OpenSwiftData's contexts read and write ``DefaultSnapshot``s; a
/// store's `Snapshot` must be that type (a container refuses a store with another).
///
/// SwiftData's protocol also requires `init(from: any BackingData, relatedBackingDatas:)`,
/// which makes a snapshot from a model's backing data; OpenSwiftData has no public
/// backing data yet, so `DefaultSnapshot.init(from:)` takes the model instead.
public protocol DataStoreSnapshot: Codable, Sendable {
    var persistentIdentifier: PersistentIdentifier { get }

    /// The snapshot under another identifier, with the identifiers its relationships
    /// hold replaced by those `remappedIdentifiers` gives (temporary ones by permanent).
    func copy(persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?) -> Self
}

extension DataStoreSnapshot {
    /// The snapshot under another identifier, its relationships as they are (the
    /// WWDC24 JSON store's spelling).
    public func copy(persistentIdentifier: PersistentIdentifier) -> Self {
        copy(persistentIdentifier: persistentIdentifier, remappedIdentifiers: nil)
    }
}
