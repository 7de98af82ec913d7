import Foundation

extension ModelContext {
    /// Writes every pending insert, change and delete in one transaction.
    ///
    /// Delete rules and validation run first; if any fails, or the store refuses a
    /// statement, nothing is written and the context keeps its pending changes.
    public func save() throws {
        autosaveScheduled = false
        try throwDeferredLoadFailure()
        try applyDeleteRules()
        endUndoEvent()
        guard hasChanges else { return }
        var entities = EntityLookup()
        for model in inserted + changedModelsArray {
            let entity = entities.entity(of: model)
            if entity.isValidating, validatesModels { try (model as! any ValidatingModel).validate() }
            if model._$backingState.isPartial { faultInAllAttributes(of: model) }
            if !entity.relationships.isEmpty { try checkRelationshipsBelongHere(model, entity) }
        }
        // An inserted model whose unique key matches a model this context holds
        // replaces it: the replaced one leaves the relationships that point to it and
        // its own pending edits are dropped, so the row ends with the inserted values.
        let replacements = try registeredModelsReplaced(by: inserted)
        for (previous, _) in replacements { detachFromInverses(previous) }

        let inserted = insertionOrder(self.inserted)
        let changed = changedModelsArray.filter { model in !replacements.contains { $0.previous === model } }
        let deleted = self.deleted.filter { $0._$backingState.rowID > 0 }
        let toManyChanges = self.toManyChanges.filter { $0.model._$backingState.status != .deleted }
        // Everything the store writes must be in memory before it starts: the store
        // cannot be read while it is being written. A relationship that was only
        // appended to is not: the store places the appended members itself.
        var changeSet = StoreChangeSet(
            inserted: inserted, changed: changed, deleted: deleted, toManyChanges: [],
            storeCascades: pendingStoreCascades, touchedEntities: pendingEntityNames, author: author, editingState: editingState)
        for change in toManyChanges {
            if let appended = pendingAppends(of: change.model, change.relationship) {
                let kept = appended.filter { ($0 as? any PersistentModel)?._$backingState.status != .deleted }
                changeSet.toManyAppends.append((change.model, change.relationship, kept))
            } else {
                changeSet.toManyChanges.append((change.model, change.relationship, change.relationship.access.get(change.model)))
            }
        }

        postNotification(ModelContext.willSave, inserted: inserted, changed: changed, deleted: deleted)
        let result = try stores.save(changeSet)

        // The store saved: the context now matches it.
        // Inserts come in runs of one type: the registry is looked up once a run.
        var lastRegistry: (type: ObjectIdentifier, registry: Registry)?
        for (model, key) in zip(inserted, result.insertedKeys) {
            model._$backingState.takeSavedRow(key, generation: result.writtenGeneration)
            let modelType = ObjectIdentifier(type(of: model))
            let registry: Registry
            if let last = lastRegistry, last.type == modelType {
                registry = last.registry
            } else {
                registry = self.registry(for: type(of: model))
                lastRegistry = (modelType, registry)
            }
            if let previous = registry.models[key] as? any PersistentModel, previous !== model {
                // An upsert matched a row this context holds: the inserted model takes its place.
                previous._$backingState.status = .detached
                previous._$backingState.isChanged = false
                previous._$backingState.context = nil
            }
            registry.models[key] = model
        }
        for model in deleted + self.deleted {
            registry(for: type(of: model)).models[model._$backingState.rowID] = nil
            model._$backingState.status = .detached
            model._$backingState.isChanged = false
            model._$backingState.context = nil
        }
        for model in self.changed { model._$backingState.endChanges(savedIn: result.writtenGeneration) }
        self.inserted.removeAll()
        self.changed.removeAll()
        self.deleted.removeAll()
        clearPending()
        self.toManyChanges.removeAll()
        self.toManyChangeKeys.removeAll()
        pendingAppends.removeAll()
        pendingStoreCascades.removeAll()
        deleteRulesAppliedCount = 0
        refreshRows(result.rewrittenByStore)
        for model in result.unsent { registerChange(model) }
        postNotification(ModelContext.didSave, inserted: inserted, changed: changed, deleted: deleted, deletedInStore: result.deletedByCascade,
                         historyTokens: result.historyTokens)
    }

    /// Registered models without unsaved changes whose rows the store rewrote on its
    /// own in a save take the stored values.
    private func refreshRows(_ identifiers: [PersistentIdentifier]) {
        guard !identifiers.isEmpty else { return }
        for id in identifiers {
            guard let entity = container.schema.entitiesByName[id.entityName] else { continue }
            do {
                _ = try fetchAnyModel(entity.modelType, rowID: id.rowID, refreshing: true)
            } catch {
                Log.logger.error("cannot read back \(id) after its store changed it: \(error)")
            }
        }
    }

    // MARK: Before the transaction

    /// Inserted models ordered so that a model comes after the inserted models its
    /// to-one relationships point to: their keys are known when its row is written,
    /// which unique constraints that include a relationship need.
    private func insertionOrder(_ models: [any PersistentModel]) -> [any PersistentModel] {
        var lookup = EntityLookup()
        guard models.contains(where: { model in lookup.entity(of: model).relationships.contains(where: \.storesForeignKey) }) else {
            return models
        }
        let pending = Set(models.map(ObjectIdentifier.init))
        var visited: Set<ObjectIdentifier> = []
        var ordered: [any PersistentModel] = []
        ordered.reserveCapacity(models.count)
        var entities = EntityLookup()
        func visit(_ model: any PersistentModel) {
            guard visited.insert(ObjectIdentifier(model)).inserted else { return }
            for relationship in entities.entity(of: model).relationships where relationship.storesForeignKey {
                for destination in relationship.access.get(model) where pending.contains(ObjectIdentifier(destination)) {
                    visit(destination as! any PersistentModel)
                }
            }
            ordered.append(model)
        }
        models.forEach(visit)
        return ordered
    }

    /// Registered models of this context whose unique key an inserted model repeats.
    ///
    /// The candidates are the registered models whose rows hold an inserted model's
    /// key, found through the store's unique index, and the changed models, whose
    /// unsaved edits may give them one; each is then compared by the key it holds in
    /// memory. Looking rows up by key costs the inserted models alone, where indexing
    /// every registered model cost each save the size of the context (quadratic for
    /// an import that saves in batches and keeps its models).
    private func registeredModelsReplaced(by inserted: [any PersistentModel]) throws -> [(previous: any PersistentModel, by: any PersistentModel)] {
        var replacements: [(previous: any PersistentModel, by: any PersistentModel)] = []
        // A context that holds no saved model (a fresh one importing) has nothing to replace.
        guard registries.values.contains(where: { !$0.models.isEmpty }) else { return replacements }
        var entities = EntityLookup()
        let byEntity = Dictionary(grouping: inserted.filter { !entities.entity(of: $0).uniquenessConstraints.isEmpty }) {
            ObjectIdentifier(type(of: $0))
        }
        for (entityID, models) in byEntity {
            guard let registry = registries[ObjectIdentifier(Self.registryType(of: type(of: models[0])))], !registry.models.isEmpty else { continue }
            let entity = type(of: models[0])._$entity
            var candidates = changedModelsArray.filter { ObjectIdentifier(type(of: $0)) == entityID }
            for rowID in try keys(holdingKeysOf: models, entity: entity) {
                if let model = registry.models[rowID] as? any PersistentModel { candidates.append(model) }
            }
            candidates.removeAll { $0._$backingState.status != .persistent }
            guard !candidates.isEmpty else { continue }
            for constraint in entity.uniquenessConstraints {
                var index: [[StoredValue]: any PersistentModel] = [:]
                for model in candidates { if let key = uniqueKey(of: model, constraint, entity) { index[key] = model } }
                for model in models {
                    if let key = uniqueKey(of: model, constraint, entity), let previous = index[key],
                       !replacements.contains(where: { $0.previous === previous }) {
                        replacements.append((previous, model))
                    }
                }
            }
        }
        return replacements
    }

    /// The rows of `entity` that hold the unique key, under any of its constraints, of
    /// one of `models`.
    private func keys(holdingKeysOf models: [any PersistentModel], entity: Schema.Entity) throws -> [Int64] {
        var found: [Int64] = []
        for constraint in entity.uniquenessConstraints {
            let values = models.compactMap { uniqueKey(of: $0, constraint, entity) }
            found += try store(of: entity).keys(holding: values, of: constraint, entity: entity)
        }
        return found
    }

    private func uniqueKey(of model: any PersistentModel, _ constraint: [String], _ entity: Schema.Entity) -> [StoredValue]? {
        var key: [StoredValue] = []
        for name in constraint {
            guard let property = entity.storedProperty(named: name) else { return nil }
            if let attribute = property.attribute {
                guard let value = try? attribute.codec.encode(attribute.access.get(model)) else { return nil }
                key.append(value)
            } else if let relationship = property.relationship, relationship.isToOneRelationship {
                let destination = relationship.access.get(model).first as? any PersistentModel
                key.append(destination.map { .integer($0._$backingState.rowID) } ?? .null)
            }
        }
        return key
    }

    /// Removes a model from the to-many relationships that hold it.
    private func detachFromInverses(_ model: any PersistentModel) {
        for relationship in type(of: model)._$entity.relationships where relationship.isToOneRelationship {
            guard let inverse = relationship.inverse, !inverse.isToOneRelationship else { continue }
            for owner in relationship.access.get(model) {
                var members = inverse.access.get(owner)
                members.removeAll { $0 === model }
                inverse.access.set(owner, members)
            }
        }
        changed.removeAll { $0 === model }
        model._$backingState.isChanged = false
    }

    /// A relationship may only hold models of this context (or models not yet inserted,
    /// which join it). Only what is in memory can hold another context's model: a
    /// to-many never read is not loaded for the check (a changed model's whole history
    /// would be read at every save).
    private func checkRelationshipsBelongHere(_ model: any PersistentModel, _ entity: Schema.Entity) throws {
        for relationship in entity.relationships {
            // A relationship only appended to holds the appended members in memory, no more.
            let members = pendingAppends(of: model, relationship)
                ?? (relationship.access.membersInMemory.map { $0(model) ?? [] } ?? relationship.access.get(model))
            for destination in members {
                guard let destination = destination as? any PersistentModel else { continue }
                if let other = destination._$backingState.context, other !== self {
                    throw OpenSwiftDataError.modelInAnotherContext(entity: type(of: destination)._$entityName)
                }
            }
        }
    }

    /// Reads every attribute a partial fetch left out, so an update writes whole rows.
    func faultInAllAttributes(of model: any PersistentModel) {
        for property in type(of: model)._$entity.persistedProperties {
            if let attribute = property.attribute { _ = attribute.access.get(model) }
            else if let relationship = property.relationship, relationship.isToOneRelationship {
                _ = relationship.access.get(model)
            }
        }
        model._$backingState.isPartial = false
    }
}

/// The entity of each model in a loop over many: saves hold long runs of one type,
/// so the last answer is kept rather than asking the catalog every time.
struct EntityLookup {
    private var last: (type: ObjectIdentifier, entity: Schema.Entity)?

    mutating func entity(of model: any PersistentModel) -> Schema.Entity {
        let type = ObjectIdentifier(Swift.type(of: model))
        if let last, last.type == type { return last.entity }
        let entity = Swift.type(of: model)._$entity
        last = (type, entity)
        return entity
    }
}
