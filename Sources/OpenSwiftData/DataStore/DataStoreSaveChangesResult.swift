import Foundation

/// A store's answer to a save: the permanent identifier of each inserted model, by
/// its temporary one, and snapshots whose values the store changed as it saved
/// them (the context gives its models those values).
public final class DataStoreSaveChangesResult<T: DataStoreSnapshot>: Sendable {
    /// The identifier of the store that saved.
    public let storeIdentifier: String
    /// The permanent identifier of each inserted model, by its temporary one.
    public let remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]
    /// Snapshots whose values the context gives its registered models after the save.
    public let snapshotsToReregister: [PersistentIdentifier: T]

    /// The result of a save: the store, the inserted models' permanent identifiers and the snapshots to reregister.
    public init(for storeIdentifier: String, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
                snapshotsToReregister: [PersistentIdentifier: T] = [:]) {
        self.storeIdentifier = storeIdentifier
        self.remappedIdentifiers = remappedIdentifiers
        self.snapshotsToReregister = snapshotsToReregister
    }
}
