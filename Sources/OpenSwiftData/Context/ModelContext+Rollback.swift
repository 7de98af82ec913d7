import Foundation

extension ModelContext {
    /// Discards every pending insert, change and delete: inserted models leave the
    /// context, deleted ones are kept, and changed ones get their stored values back.
    public func rollback() {
        undoManager?.removeAllActions()
        withoutUndoRegistration(discardPendingChanges)
    }

    private func discardPendingChanges() {
        let inserted = self.inserted
        let changed = changedModelsArray
        let deleted = self.deleted
        let toManyOwners = toManyChanges.map(\.model).filter { $0._$backingState.status == .persistent }
        self.inserted.removeAll()
        self.deleted.removeAll()
        deleteRulesAppliedCount = 0
        pendingStoreCascades.removeAll()
        for model in inserted {
            model._$backingState.status = .new
            model._$backingState.context = nil
        }
        for model in deleted {
            if model._$backingState.rowID > 0 {
                model._$backingState.status = .persistent
            } else {
                model._$backingState.status = .new
                model._$backingState.context = nil
            }
        }
        var reloaded = Set<ObjectIdentifier>()
        for model in changed + toManyOwners where reloaded.insert(ObjectIdentifier(model)).inserted {
            reloadFromStore(model)
        }
        for model in self.changed { model._$backingState.isChanged = false }
        self.changed.removeAll()
        clearPending()
        self.toManyChanges.removeAll()
        self.toManyChangeKeys.removeAll()
        pendingAppends.removeAll()
        autosaveScheduled = false
    }

    /// Puts the stored values back into a registered model, through its setters so
    /// that observers and inverse relationships follow.
    private func reloadFromStore(_ model: any PersistentModel) {
        func reload<M: PersistentModel>(_ model: M) {
            do {
                var fresh: M?
                try store(of: M.self).fetchRows(of: M._$entity, keys: [model._$backingState.rowID], properties: nil, editingState: editingState) { row in
                    fresh = try M(_$reader: &row.reader)
                }
                guard let fresh else { return }
                // The fresh copy resolves its relationships through this context, unregistered.
                fresh._$backingState.context = self
                fresh._$backingState.rowID = model._$backingState.rowID
                fresh._$backingState.status = .persistent
                for property in M._$entity.persistedProperties {
                    if let attribute = property.attribute {
                        attribute.access.set(model, attribute.access.get(fresh))
                    } else if let relationship = property.relationship, !property.isConstant {
                        let stored: [AnyObject] = relationship.isToOneRelationship
                            ? relationship.access.get(fresh)
                            : try relationship.destinationType.fetchRelatedModels(in: self, of: model, relationship: relationship)
                        relationship.access.set(model, stored)
                    }
                }
                fresh._$backingState.context = nil
                fresh._$backingState.status = .detached
            } catch {
                Log.logger.error("rollback cannot reload \(M.self): \(error)")
            }
        }
        reload(model)
    }
}

extension PersistentModel {
    static func fetchRelatedModels(in context: ModelContext, of model: any PersistentModel,
                                   relationship: Schema.Relationship) throws -> [AnyObject] {
        try context.fetchRelated(Self.self, of: model, relationship: relationship)
    }
}
