import Foundation

/// A store's answer to a ``DataStoreFetchRequest``: the snapshots it selected, in
/// order, and any snapshots of related models, by identifier, that the context may
/// use to resolve relationships without asking again.
public struct DataStoreFetchResult<ModelType: PersistentModel, SnapshotType: DataStoreSnapshot>: @unchecked Sendable {
    /// The descriptor the store fetched with.
    public let descriptor: FetchDescriptor<ModelType>
    /// Snapshots of the fetched models, in the descriptor's order.
    public let fetchedSnapshots: [SnapshotType]
    /// Snapshots of related models the store fetched with them, by identifier.
    public let relatedSnapshots: [PersistentIdentifier: SnapshotType]

    /// The result of a fetch: the descriptor, the fetched snapshots and any related ones.
    public init(descriptor: FetchDescriptor<ModelType>, fetchedSnapshots: [SnapshotType],
                relatedSnapshots: [PersistentIdentifier: SnapshotType] = [:]) {
        self.descriptor = descriptor
        self.fetchedSnapshots = fetchedSnapshots
        self.relatedSnapshots = relatedSnapshots
    }
}
