#if PostgreSQL
import Foundation
import OpenSwiftData

// Saving: one context's save as one transaction.
extension PostgresStore {
    /// Writes the save in one transaction: the children of store cascades and the
    /// deleted rows first, then the updates, the inserts (upserts on a unique key), and
    /// the order and membership of to-many relationships. A transaction that loses a
    /// serialisation race runs again; any other failure leaves the database as it was.
    package func save(_ changes: StoreChangeSet) throws -> StoreSaveResult {
        // A transaction that runs again starts from the models' temporary keys.
        let temporaryKeys = changes.inserted.map(\.storeKey)
        func restoreTemporaryKeys() {
            for (model, key) in zip(changes.inserted, temporaryKeys) { model.storeKey = key }
        }
        defer { restoreTemporaryKeys() }
        let (insertedKeys, deletedByCascade) = try saveTransaction(for: changes.editingState) { session in
            restoreTemporaryKeys()
            var writer = PostgresSaveWriter(store: self, session: session)
            try writer.drawKeys(for: changes.inserted)
            try writer.delete(changes.storeCascades)
            try writer.delete(changes.deleted)
            try writer.update(changes.changed)
            try writer.insert(changes.inserted)
            try writer.writeToMany(changes.toManyChanges)
            try writer.writeAppended(changes.toManyAppends)
            return (writer.insertedKeys, writer.deletedByCascade)
        }
        var touched = changes.touchedEntities
        for cascade in changes.storeCascades { touched.insert(cascade.relationship.destination) }
        self.changes.didCommit(touching: touched)
        return StoreSaveResult(insertedKeys: insertedKeys, deletedByCascade: deletedByCascade)
    }
}
#endif
