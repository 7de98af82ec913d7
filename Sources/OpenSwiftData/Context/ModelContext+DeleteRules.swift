extension ModelContext {
    /// Applies the delete rules of every model marked for deletion: cascades first
    /// (transitively), then `.deny` checks against everything that would go, and only
    /// then any change, so a denied delete leaves the context as it was.
    func applyDeleteRules() throws {
        guard deleteRulesAppliedCount < deleted.count else { return }
        var queue = Array(deleted[deleteRulesAppliedCount...])
        var doomed = Set(deleted.map(ObjectIdentifier.init))
        var cascaded: [any PersistentModel] = []
        // Level by level, so that the relationships of each level load in one query per
        // relationship rather than one per model.
        var storeCascades: [ObjectIdentifier: StoreCascade] = [:]
        var level = queue
        while !level.isEmpty {
            prefetchRelationshipsForDeletion(of: level)
            var next: [any PersistentModel] = []
            for model in level {
                for relationship in type(of: model)._$entity.relationships where relationship.deleteRule == .cascade {
                    if model._$backingState.rowID > 0, cascadesInStore(relationship) {
                        storeCascades[ObjectIdentifier(relationship), default: StoreCascade(relationship: relationship)]
                            .ownerKeys.append(model._$backingState.rowID)
                        continue
                    }
                    for related in relationship.access.get(model) {
                        guard let related = related as? any PersistentModel, doomed.insert(ObjectIdentifier(related)).inserted else { continue }
                        next.append(related)
                    }
                }
            }
            queue += next
            cascaded += next
            level = next
        }
        // Children the store deletes by itself still leave memory: the registered ones
        // (and unsaved ones) whose parent is going are deleted like any cascaded model.
        for cascade in storeCascades.values {
            for child in modelsInMemory(of: cascade.relationship.destinationType) {
                guard !doomed.contains(ObjectIdentifier(child)),
                      let parent = cascade.relationship.inverse?.access.get(child).first,
                      doomed.contains(ObjectIdentifier(parent)) else { continue }
                doomed.insert(ObjectIdentifier(child))
                queue.append(child)
                cascaded.append(child)
            }
        }
        for model in queue {
            for relationship in type(of: model)._$entity.relationships
            where relationship.deleteRule == .deny || (relationship.deleteRule == .nullify && hasConstantInverse(relationship)) {
                let remaining = relationship.access.get(model).filter { !doomed.contains(ObjectIdentifier($0)) }
                if !remaining.isEmpty {
                    throw OpenSwiftDataError.deleteDenied(entity: type(of: model)._$entityName, relationship: relationship.name,
                                                          relatedCount: remaining.count)
                }
            }
        }
        for model in cascaded { deleteModel(model) }
        // Cascaded models are all going, so only nullify has anything to undo.
        var removals = InverseRemovals()
        for model in queue {
            for relationship in type(of: model)._$entity.relationships where relationship.deleteRule == .nullify || relationship.deleteRule == .deny {
                guard let inverse = relationship.inverse else { continue }
                let members = relationship.access.get(model)
                // Each member's inverse set below takes the model out of this side, a search
                // and a copy of it each time: a type's 10,000 events took 70 seconds to keep
                // without it. So this side loses them first, at once, without upkeep.
                if !relationship.isToOneRelationship, inverse.isToOneRelationship, inverse.isOptional,
                   let replaceInMemory = relationship.access.replaceInMemory {
                    replaceInMemory(model, members.filter { doomed.contains(ObjectIdentifier($0)) })
                }
                for related in members where !doomed.contains(ObjectIdentifier(related)) {
                    removals.add(model, leaving: related, through: inverse)
                }
            }
        }
        removals.apply()
        removeFromUnidirectionalToMany(doomed: queue, ids: doomed)
        pendingStoreCascades += storeCascades.values
        deleteRulesAppliedCount = deleted.count
    }

    /// True when the inverse of `relationship` is declared with `let`: nullifying it
    /// cannot empty it, so a delete it would have to follow is refused, as `.deny`
    /// refuses one, rather than leave the related models referring to a deleted model.
    private func hasConstantInverse(_ relationship: Schema.Relationship) -> Bool {
        guard let inverse = relationship.inverse else { return false }
        return relationship.destinationType._$entity.constantRelationships.contains { $0.name == inverse.name }
    }

    /// True when the store deletes the children along `relationship` by itself at save,
    /// without the context loading them (see ``ModelStore/cascadesInStore(_:)``).
    func cascadesInStore(_ relationship: Schema.Relationship) -> Bool {
        stores.store(of: relationship.destination).cascadesInStore(relationship)
    }

    /// The saved and unsaved models of a type this context holds.
    private func modelsInMemory(of type: any PersistentModel.Type) -> [any PersistentModel] {
        let id = ObjectIdentifier(type)
        let registered = (registries[ObjectIdentifier(Self.registryType(of: type))]?.models.values ?? []).compactMap { $0 as? any PersistentModel }
        // A hierarchy's registry holds its subclasses' models too; they are of `type` as well.
        return registered.filter { $0._$backingState.status == .persistent && isInstance($0, of: type) }
            + inserted.filter { ObjectIdentifier(Swift.type(of: $0)) == id || isInstance($0, of: type) }
    }

    /// Whether `model` is an instance of `type` or of a subclass of it.
    private func isInstance(_ model: any PersistentModel, of type: any PersistentModel.Type) -> Bool {
        var current: any PersistentModel.Type = Swift.type(of: model)
        while true {
            if ObjectIdentifier(current) == ObjectIdentifier(type) { return true }
            guard let parent = Schema.Entity.superModelType(of: current) else { return false }
            current = parent
        }
    }

    /// Loads the to-many relationships that delete rules will read, for many models at once.
    private func prefetchRelationshipsForDeletion(of models: [any PersistentModel]) {
        var byType: [ObjectIdentifier: [any PersistentModel]] = [:]
        for model in models where model._$backingState.rowID > 0 {
            byType[ObjectIdentifier(type(of: model)), default: []].append(model)
        }
        for group in byType.values {
            let modelType = type(of: group[0])
            let keyPaths = modelType._$entity.relationships
                .filter { !$0.isToOneRelationship && $0.deleteRule != .noAction && !cascadesInStore($0) }
                .compactMap(\.keypath)
            guard !keyPaths.isEmpty else { continue }
            func prefetchGroup<T: PersistentModel>(_ type: T.Type) {
                do {
                    try prefetch(keyPaths.compactMap { $0 as? PartialKeyPath<T> }, of: group.compactMap { $0 as? T })
                } catch {
                    Log.logger.error("cannot load the relationships of deleted \(T.self) models: \(error)")
                }
            }
            prefetchGroup(modelType)
        }
    }

    /// A to-many relationship without an inverse cannot be reached from the models it
    /// holds: look through the ones in memory for the models being deleted.
    private func removeFromUnidirectionalToMany(doomed models: [any PersistentModel], ids doomed: Set<ObjectIdentifier>) {
        let doomedTypes = Set(models.map { ObjectIdentifier(type(of: $0)) })
        for (relationshipID, weakHolders) in loadedUnidirectionalToMany {
            let holders = weakHolders.values.compactMap(\.model)
            guard let relationship = holders.first.flatMap({ holder in
                type(of: holder)._$entity.relationships.first { ObjectIdentifier($0) == relationshipID }
            }), doomedTypes.contains(ObjectIdentifier(relationship.destinationType)) else { continue }
            for holder in holders where !doomed.contains(ObjectIdentifier(holder)) {
                let members = relationship.access.get(holder)
                if members.contains(where: { doomed.contains(ObjectIdentifier($0)) }) {
                    relationship.access.set(holder, members.filter { !doomed.contains(ObjectIdentifier($0)) })
                }
            }
        }
    }

    /// Applies delete rules now rather than at the next save, and autosaves if enabled.
    public func processPendingChanges() {
        do { try applyDeleteRules() } catch { Log.logger.error("\(error)") }
        endUndoEvent()
        if autosaveEnabled { autosave() }
    }
}

/// The deleted models to take out of each related model's side of a relationship, gathered
/// so that each side is set once: a benefit losing its 8,000 uses one at a time copied and
/// compared its whole history for each (`coupontracker prune`: 43 seconds).
private struct InverseRemovals {
    private struct Side: Hashable {
        let related: ObjectIdentifier
        let inverse: ObjectIdentifier
    }

    private var order: [(related: AnyObject, inverse: Schema.Relationship)] = []
    private var leaving: [Side: Set<ObjectIdentifier>] = [:]

    mutating func add(_ model: AnyObject, leaving related: AnyObject, through inverse: Schema.Relationship) {
        let side = Side(related: ObjectIdentifier(related), inverse: ObjectIdentifier(inverse))
        if leaving[side] == nil { order.append((related, inverse)) }
        leaving[side, default: []].insert(ObjectIdentifier(model))
    }

    /// Sets each side without the models leaving it, in the order the sides were first met.
    func apply() {
        for (related, inverse) in order {
            guard let models = leaving[Side(related: ObjectIdentifier(related), inverse: ObjectIdentifier(inverse))] else { continue }
            var current = inverse.access.get(related)
            current.removeAll { models.contains(ObjectIdentifier($0)) }
            inverse.access.set(related, current)
        }
    }
}
