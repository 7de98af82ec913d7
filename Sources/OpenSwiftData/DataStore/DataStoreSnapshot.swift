import Foundation

/// The values of one model as a ``DataStore`` keeps them, named by the model's
/// identifier. OpenSwiftData's contexts read and write ``DefaultSnapshot``s; a
/// store's `Snapshot` must be that type (a container refuses a store with another).
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
