import Foundation
import OpenSwiftData

// Saving: one context's save as one transaction.
extension PostgresStore {
    /// Writes the save in one transaction: deletions first (so that a model inserted
    /// with the unique key of one deleted in the same save takes its place), then
    /// insertions (upserts on a unique key), updates, the keys that point at models
    /// inserted later in the same save, and the order and membership of to-many
    /// relationships. A transaction that loses a serialisation race runs again; any
    /// other failure leaves the database as it was.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        var deletedByCascade: [PersistentIdentifier] = []
        return try save(request, deletedByCascade: &deletedByCascade)
    }

    /// The save, naming the children deleted with their parents by key (see ``PostgresSaveWriter/delete(_:)``).
    package func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>, deletedByCascade: inout [PersistentIdentifier]) throws
        -> DataStoreSaveChangesResult<DefaultSnapshot> {
        let (remapped, cascaded) = try connections.transaction { session in
            var writer = PostgresSaveWriter(store: self, session: session)
            try writer.delete(request.deleted)
            try writer.insert(request.inserted)
            try writer.update(request.updated, changed: request.changedPropertyNames)
            try writer.resolveDeferredKeys()
            try writer.writeToManyRelationships(request.inserted + request.updated, changed: request.changedPropertyNames)
            return (writer.remapped, writer.deletedByCascade)
        }
        deletedByCascade += cascaded
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped)
    }
}
