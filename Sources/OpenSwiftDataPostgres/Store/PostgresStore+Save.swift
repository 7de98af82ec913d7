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
        if let result = try saveAsOneStatement(changes) { return result }
        // A transaction that runs again starts from the models' temporary keys.
        let temporaryKeys = changes.inserted.map(\.storeKey)
        func restoreTemporaryKeys() {
            for (model, key) in zip(changes.inserted, temporaryKeys) { model.storeKey = key }
        }
        defer { restoreTemporaryKeys() }
        let (insertedKeys, deletedByCascade, recorded) = try saveTransaction(for: changes.editingState) { session -> ([Int64], [PersistentIdentifier], Int64?) in
            restoreTemporaryKeys()
            var writer = PostgresSaveWriter(store: self, session: session)
            var history = PostgresHistoryRecorder(isRecording: configuration.recordsHistory)
            let keyOnInsert = PostgresSaveWriter.insertTakesItsKeyAsItIsWritten(changes)
            if !keyOnInsert { try writer.drawKeys(for: changes.inserted) }
            let cascadeTombstones = try history.isRecording ? tombstones(of: changes.storeCascades, on: session) : [:]
            let deleteTombstones = try history.isRecording ? tombstones(of: changes.deleted, on: session) : [:]
            try writer.delete(changes.storeCascades)
            try writer.delete(changes.deleted, besideChanges: changes.changed)
            try writer.update(changes.changed)
            try writer.insert(changes.inserted, keysDrawn: !keyOnInsert)
            try writer.writeToMany(changes.toManyChanges)
            try writer.writeAppended(changes.toManyAppends)
            var recorded: Int64?
            if history.isRecording {
                for child in writer.deletedByCascade {
                    history.recordDelete(entity: child.entityName, key: child.rowID, tombstone: cascadeTombstones[child.entityName]?[child.rowID])
                }
                for model in changes.deleted where model.storeKey > 0 {
                    let entity = type(of: model)._$entityName
                    history.recordDelete(entity: entity, key: model.storeKey, tombstone: deleteTombstones[entity]?[model.storeKey])
                }
                for cleared in writer.nullified {
                    history.recordUpdates(entity: cleared.table, keys: cleared.keys, properties: [cleared.column])
                }
                for (model, key) in zip(changes.inserted, writer.insertedKeys) {
                    history.recordInsert(entity: type(of: model)._$entityName, key: key)
                }
                for model in changes.changed {
                    let changed = model.changedProperties
                    for (index, property) in type(of: model)._$entity.persistedProperties.enumerated() where changed.contains(index) {
                        history.noteUpdated(model, property: property.name)
                    }
                }
                // An inserted model's relationships are part of its insert.
                let inserted = Set(changes.inserted.map(ObjectIdentifier.init))
                for change in changes.toManyChanges where !inserted.contains(ObjectIdentifier(change.model)) {
                    history.noteUpdated(change.model, property: change.relationship.name)
                }
                for append in changes.toManyAppends where !inserted.contains(ObjectIdentifier(append.model)) {
                    history.noteUpdated(append.model, property: append.relationship.name)
                }
                recorded = try history.write(on: session, author: changes.author)
            }
            return (writer.insertedKeys, writer.deletedByCascade, recorded)
        }
        var touched = changes.touchedEntities
        for cascade in changes.storeCascades { touched.insert(cascade.relationship.destination) }
        touched.formUnion(changes.relationshipsClearedByDeletes.map(\.destination))
        self.changes.didCommit(touching: touched)
        var result = StoreSaveResult(insertedKeys: insertedKeys, deletedByCascade: deletedByCascade)
        result.historyTokens = recorded.map { [DefaultHistoryToken(storeIdentifier: identifier, transaction: $0)] } ?? []
        return result
    }
}

extension PostgresStore {
    /// The preserved values of the children store cascades are about to delete, by
    /// entity and key.
    private func tombstones(of cascades: [StoreCascade], on session: PostgresSession) throws -> [String: [Int64: String]] {
        var result: [String: [Int64: String]] = [:]
        for cascade in cascades {
            guard let foreignKey = cascade.relationship.inverseName, !cascade.ownerKeys.isEmpty,
                  let child = schema.entitiesByName[cascade.relationship.destination],
                  let found = try tombstones(of: child, where: "\(PostgresDialect.quote(foreignKey)) IN \(PostgresDialect.keysParameter)",
                                             [PostgresStore.keyArray(cascade.ownerKeys)], on: session) else { continue }
            result[child.name, default: [:]].merge(found) { first, _ in first }
        }
        return result
    }

    /// The preserved values of the models about to be deleted, by entity and key.
    private func tombstones(of models: [any PersistentModel], on session: PostgresSession) throws -> [String: [Int64: String]] {
        var keysByEntity: [String: [Int64]] = [:]
        for model in models where model.storeKey > 0 {
            keysByEntity[type(of: model)._$entityName, default: []].append(model.storeKey)
        }
        var result: [String: [Int64: String]] = [:]
        for (name, keys) in keysByEntity {
            guard let entity = schema.entitiesByName[name],
                  let found = try tombstones(of: entity, where: "\"Z_PK\" IN \(PostgresDialect.keysParameter)",
                                             [PostgresStore.keyArray(keys)], on: session) else { continue }
            result[name] = found
        }
        return result
    }
}
#endif
