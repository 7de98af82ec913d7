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
    /// The store's position in its own history after the save, for a store that keeps
    /// one; `nil` for a store that does not. It is kept as the store gave it: custom
    /// stores' history is not read here (see <doc:CustomDataStores>).
    public let historyToken: (any HistoryToken)?

    /// The result of a save: the store, the inserted models' permanent identifiers and the snapshots to reregister.
    public convenience init(for storeIdentifier: String, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
                            snapshotsToReregister: [PersistentIdentifier: T] = [:]) {
        self.init(for: storeIdentifier, remappedIdentifiers: remappedIdentifiers, snapshotsToReregister: snapshotsToReregister,
                  historyToken: nil)
    }

    /// The result of a save, with the store's history token after it, so that a store
    /// that keeps history can say where the save left it.
    public init(for storeIdentifier: String, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
                snapshotsToReregister: [PersistentIdentifier: T] = [:], historyToken: (any HistoryToken)?) {
        self.storeIdentifier = storeIdentifier
        self.remappedIdentifiers = remappedIdentifiers
        self.snapshotsToReregister = snapshotsToReregister
        self.historyToken = historyToken
    }
}
