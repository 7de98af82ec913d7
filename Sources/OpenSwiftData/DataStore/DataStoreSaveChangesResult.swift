import Foundation

/// A store's answer to a save: the permanent identifier of each inserted model, by
/// its temporary one, and snapshots whose values the store changed as it saved
/// them (the context gives its models those values).
public final class DataStoreSaveChangesResult<T: DataStoreSnapshot>: Sendable {
    public let storeIdentifier: String
    public let remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]
    public let snapshotsToReregister: [PersistentIdentifier: T]

    public init(for storeIdentifier: String, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
                snapshotsToReregister: [PersistentIdentifier: T] = [:]) {
        self.storeIdentifier = storeIdentifier
        self.remappedIdentifiers = remappedIdentifiers
        self.snapshotsToReregister = snapshotsToReregister
    }
}
