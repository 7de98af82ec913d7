import Foundation

// Loading what a model's storage does not hold yet: related rows behind faults,
// to-many relationships, attributes left out of a partial fetch.
extension ModelContext {
    func resolveFault<D: PersistentModel>(_ type: D.Type, rowID: Int64) -> D? {
        do {
            return try fetchModel(D.self, rowID: rowID)
        } catch {
            Log.logger.error("cannot load \(D.self) \(rowID): \(error)")
            return nil
        }
    }

    /// An attribute left out of a partial fetch. A read that fails (the row is gone,
    /// the value cannot be read) gives the attribute's stand-in value and is thrown by
    /// the next save or fetch (see `noteLoadFailure`).
    func loadAttribute<M: PersistentModel, Value>(of model: M, _ keyPath: ReferenceWritableKeyPath<M, Value>) -> Value {
        let name = M._$propertyName(keyPath)
        do {
            let entity = M._$entity
            guard let property = entity.storedPropertiesByKeyPath[keyPath], let attribute = property.attribute else {
                throw OpenSwiftDataError.corruptValue(entity: M._$entityName, property: name, reason: "it is not a persisted attribute")
            }
            guard let value = try store(of: entity).attributeValue(of: model._$backingState.rowID, entity: entity, attribute: attribute) else {
                throw OpenSwiftDataError.rowDeleted(entity: M._$entityName)
            }
            guard let decoded = try attribute.codec.decode(value) as? Value else {
                throw OpenSwiftDataError.corruptValue(entity: M._$entityName, property: name, reason: "the stored value \(value) is not a \(Value.self)")
            }
            return decoded
        } catch {
            noteLoadFailure(OpenSwiftDataError(explaining: error)
                ?? .corruptValue(entity: M._$entityName, property: name, reason: "\(error)"))
            return M._$standIn(for: keyPath)
        }
    }

    func loadToOne<M: PersistentModel, D: PersistentModel>(of model: M, _ keyPath: AnyKeyPath) -> D? {
        guard let relationship = M._$entity.storedPropertiesByKeyPath[keyPath]?.relationship else { return nil }
        do {
            guard let key = try store(of: M.self).relatedKey(of: model._$backingState.rowID, entity: M._$entity, relationship: relationship,
                                                 editingState: editingState) else { return nil }
            return resolveFault(D.self, rowID: key)
        } catch {
            Log.logger.error("cannot load \(M.self).\(relationship.name) from the store \(store(of: M.self).name): \(error)")
            return nil
        }
    }

    func loadToMany<M: PersistentModel, D: PersistentModel>(of model: M, _ keyPath: AnyKeyPath) -> [D] {
        // Children loaded by `prefetch` for this relationship.
        if let scope = PrefetchScope.current, scope.context === self, scope.keyPath == keyPath {
            let children = (scope.children[model._$backingState.rowID] ?? []).map { unsafeDowncast($0, to: D.self) }
            guard let relationship = M._$entity.storedPropertiesByKeyPath[keyPath]?.relationship else { return children }
            return merging(children, pendingAppendsOf: model, relationship)
        }
        guard let relationship = M._$entity.storedPropertiesByKeyPath[keyPath]?.relationship else { return [] }
        do {
            noteToManyLoaded(model, relationship)
            return merging(try fetchRelated(D.self, of: model, relationship: relationship), pendingAppendsOf: model, relationship)
        } catch {
            Log.logger.error("cannot load \(M.self).\(M._$propertyName(keyPath)) from the store \(store(of: M.self).name): \(error)")
            return []
        }
    }

    /// The related rows of a to-many relationship, in their stored order.
    func fetchRelated<D: PersistentModel>(_ type: D.Type, of model: any PersistentModel,
                                          relationship: Schema.Relationship) throws -> [D] {
        var found = FetchedModels()
        try withRegisteredModels(of: D.self) { registered in
            var materializer = RowMaterializer<D>(context: self)
            try store(of: D.self).fetchRelated(of: model._$backingState.rowID, entity: Swift.type(of: model)._$entity, relationship: relationship,
                                   editingState: editingState) { row in
                if let related = try materializer.model(of: &row, registered: &registered) { found.append(related) }
            }
        }
        return found.array(of: D.self)
    }

    /// Loads the given relationships of many models with a request or two per
    /// relationship instead of one per model: to-one destinations land in the
    /// identity map (so faults resolve without a request), to-many children are
    /// grouped by owner and handed to each owner's property.
    func prefetch<T: PersistentModel>(_ keyPaths: [PartialKeyPath<T>], of models: [T]) throws {
        guard !keyPaths.isEmpty else { return }
        let owners = models.filter { $0._$backingState.rowID > 0 && $0._$backingState.status == .persistent }
        guard !owners.isEmpty else { return }
        let entity = T._$entity
        for keyPath in keyPaths {
            guard let property = entity.storedPropertiesByKeyPath[keyPath], let relationship = property.relationship else {
                Log.logger.warning("\(T.self): \(keyPath) is not a relationship; nothing to prefetch")
                continue
            }
            try relationship.destinationType._prefetch(into: self, property: property, relationship: relationship, owners: owners)
        }
    }

    fileprivate func prefetchRelationship<T: PersistentModel, D: PersistentModel>(_ destination: D.Type, property: StoredProperty,
                                                                                  relationship: Schema.Relationship, owners: [T]) throws {
        var children: [Int64: [AnyObject]] = [:]
        try withRegisteredModels(of: D.self) { registered in
            var materializer = RowMaterializer<D>(context: self)
            try store(of: T.self).prefetch(relationship, of: owners.map(\._$backingState.rowID), entity: T._$entity, editingState: editingState) { owner, row in
                guard let child = try materializer.model(of: &row, registered: &registered) else { return }
                if !relationship.isToOneRelationship { children[owner, default: []].append(child) }
            }
        }
        // To-one destinations are registered: their faults resolve from the identity map.
        guard !relationship.isToOneRelationship else { return }
        let scope = PrefetchScope(context: self, keyPath: property.keyPath, children: children)
        PrefetchScope.$current.withValue(scope) {
            for owner in owners { _ = relationship.access.get(owner) }
        }
    }
}

extension PersistentModel {
    /// Prefetches a relationship whose destination is this type.
    fileprivate static func _prefetch<T: PersistentModel>(into context: ModelContext, property: StoredProperty,
                                                         relationship: Schema.Relationship, owners: [T]) throws {
        try context.prefetchRelationship(Self.self, property: property, relationship: relationship, owners: owners)
    }
}

/// The to-many children a prefetch loaded, while it hands them to their owners.
struct PrefetchScope: @unchecked Sendable {
    let context: ModelContext
    let keyPath: AnyKeyPath
    let children: [Int64: [AnyObject]]

    @TaskLocal static var current: PrefetchScope?
}
