extension ModelContext {
    /// Applies the delete rules of every model marked for deletion: cascades first
    /// (transitively), then `.deny` checks against everything that would go, and only
    /// then any change, so a denied delete leaves the context as it was.
    func applyDeleteRules() throws {
        guard deleteRulesAppliedCount < deleted.count else { return }
        var queue = Array(deleted[deleteRulesAppliedCount...])
        var doomed = Set(deleted.map(ObjectIdentifier.init))
        var cascaded: [any PersistentModel] = []
        var index = 0
        while index < queue.count {
            let model = queue[index]
            index += 1
            for relationship in type(of: model)._$entity.relationships where relationship.deleteRule == .cascade {
                for related in relationship.access.get(model) {
                    guard let related = related as? any PersistentModel, doomed.insert(ObjectIdentifier(related)).inserted else { continue }
                    queue.append(related)
                    cascaded.append(related)
                }
            }
        }
        for model in queue {
            for relationship in type(of: model)._$entity.relationships where relationship.deleteRule == .deny {
                let remaining = relationship.access.get(model).filter { !doomed.contains(ObjectIdentifier($0)) }
                if !remaining.isEmpty {
                    throw OpenSwiftDataError.deleteDenied(entity: type(of: model)._$entityName, relationship: relationship.name,
                                                          relatedCount: remaining.count)
                }
            }
        }
        for model in cascaded { deleteModel(model) }
        for model in queue {
            for relationship in type(of: model)._$entity.relationships where relationship.deleteRule != .noAction {
                guard let inverse = relationship.inverse else { continue }
                for related in relationship.access.get(model) where !doomed.contains(ObjectIdentifier(related)) {
                    var current = inverse.access.get(related)
                    current.removeAll { $0 === model }
                    inverse.access.set(related, current)
                }
            }
        }
        removeFromUnidirectionalToMany(doomed: queue, ids: doomed)
        deleteRulesAppliedCount = deleted.count
    }

    /// A to-many relationship without an inverse cannot be reached from the models it
    /// holds: look through the ones in memory for the models being deleted.
    private func removeFromUnidirectionalToMany(doomed models: [any PersistentModel], ids doomed: Set<ObjectIdentifier>) {
        let doomedTypes = Set(models.map { ObjectIdentifier(type(of: $0)) })
        for (relationshipID, holders) in loadedUnidirectionalToMany {
            guard let relationship = holders.values.first.flatMap({ holder in
                type(of: holder)._$entity.relationships.first { ObjectIdentifier($0) == relationshipID }
            }), doomedTypes.contains(ObjectIdentifier(relationship.destinationType)) else { continue }
            for holder in holders.values where !doomed.contains(ObjectIdentifier(holder)) {
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
        if autosaveEnabled { autosave() }
    }
}
