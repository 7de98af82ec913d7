extension ContainerStores {
    /// Writes a context's save: to its one store, or, for a container of several, the
    /// part of each store to that store, one transaction each in the configurations'
    /// order. A relationship never spans two stores, so each part is whole.
    func save(_ changeSet: StoreChangeSet) throws -> StoreSaveResult {
        if isSingle { return try all[0].save(changeSet) }
        var lookup = EntityLookup()
        func part(of model: any PersistentModel) -> Int { self.index(of: lookup.entity(of: model).name) }

        var parts = all.map { store in
            StoreChangeSet(inserted: [], changed: [], deleted: [], toManyChanges: [], storeCascades: [],
                           touchedEntities: changeSet.touchedEntities.filter { store.schema.entitiesByName[$0] != nil },
                           author: changeSet.author, editingState: changeSet.editingState)
        }
        let insertedIn = changeSet.inserted.map { part(of: $0) }
        for (model, part) in zip(changeSet.inserted, insertedIn) { parts[part].inserted.append(model) }
        for model in changeSet.changed { parts[part(of: model)].changed.append(model) }
        for model in changeSet.deleted { parts[part(of: model)].deleted.append(model) }
        for change in changeSet.toManyChanges { parts[part(of: change.model)].toManyChanges.append(change) }
        for cascade in changeSet.storeCascades { parts[self.index(of: cascade.relationship.destination)].storeCascades.append(cascade) }

        var keysByPart: [[Int64]] = Array(repeating: [], count: all.count)
        var result = StoreSaveResult(insertedKeys: [])
        for (part, store) in zip(parts.indices, all) {
            let changes = parts[part]
            guard !(changes.inserted.isEmpty && changes.changed.isEmpty && changes.deleted.isEmpty
                    && changes.toManyChanges.isEmpty && changes.storeCascades.isEmpty) else { continue }
            let saved = try store.save(changes)
            keysByPart[part] = saved.insertedKeys
            result.deletedByCascade += saved.deletedByCascade
            result.rewrittenByStore += saved.rewrittenByStore
            result.unsent += saved.unsent
            result.historyTokens += saved.historyTokens
        }
        // The keys in the order of the models inserted, across the parts.
        var next = Array(repeating: 0, count: all.count)
        for part in insertedIn where next[part] < keysByPart[part].count {
            result.insertedKeys.append(keysByPart[part][next[part]])
            next[part] += 1
        }
        return result
    }
}
