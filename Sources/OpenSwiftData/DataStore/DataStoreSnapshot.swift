import Foundation

/// The values of one model as a ``DataStore`` keeps them, named by the model's
/// identifier. Most stores keep ``DefaultSnapshot``s. A store with a snapshot type of
/// its own is sent snapshots made by ``init(from:relatedBackingDatas:)`` from the
/// saved models' backing data, and the snapshots it returns are read through their
/// `Codable` form: the identifier under `persistentIdentifier`, and each modelled
/// property under its name (``DataStoreSnapshotCodingKey``) as the property's type
/// encodes it, a to-one relationship as its model's identifier (or null) and a
/// to-many one as its models' identifiers. A snapshot that does not read so makes the
/// fetch throw, naming the store, the model and the property.
public protocol DataStoreSnapshot: Codable, Sendable {
    var persistentIdentifier: PersistentIdentifier { get }

    /// The snapshot of the model whose backing data this is. The backing data of the
    /// models its relationships hold are added to `relatedBackingDatas` (by
    /// identifier), so that a caller can snapshot them too.
    init(from backingData: any BackingData, relatedBackingDatas: inout [PersistentIdentifier: any BackingData])

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
