import Foundation

// Members appended to a to-many relationship that is not in memory. Setting a
// member's to-one (`event.type = type`) appends it to the inverse to-many; loading
// every member already stored only to append one made each new child of a long
// history cost a read of that whole history. The context records the member
// instead, merges it into the relationship if it is loaded later, and the store
// places it after the stored members at save.
extension ModelContext {
    struct PendingAppend {
        let model: any PersistentModel
        let relationship: Schema.Relationship
        var members: [AnyObject]
        /// The members, to record each once: an insert joins the inverses an initialiser
        /// may have left (see `insertModel`), and a setter may have joined them already.
        var memberIDs: Set<ObjectIdentifier> = []
    }

    /// Whether a member appended to `relationship` of `model` can be recorded rather
    /// than loading the members. Not with undo (which restores the array as it was),
    /// nor when the relationship's count is bounded (validation counts the members).
    func appendsWithoutLoading(_ model: any PersistentModel, _ relationship: Schema.Relationship) -> Bool {
        guard undoManager == nil, model._$backingState.context === self, model._$backingState.status == .persistent,
              model._$backingState.rowID > 0, (relationship.minimumModelCount ?? 0) == 0, (relationship.maximumModelCount ?? 0) == 0
        else { return false }
        return stores.store(of: type(of: model)._$entityName).appendsWithoutLoading(relationship)
    }

    /// Records `member` as appended to the relationship, for the next save.
    func recordAppend(_ member: AnyObject, to model: any PersistentModel, _ relationship: Schema.Relationship) {
        let key = ToManyChange.Key(model: ObjectIdentifier(model), relationship: ObjectIdentifier(relationship))
        pendingAppends[key, default: PendingAppend(model: model, relationship: relationship, members: [])].record(member)
    }

    /// The members recorded as appended to a relationship that is now being loaded:
    /// they join it after the stored ones, and the save writes the whole relationship.
    func takePendingAppends(of model: AnyObject, _ relationship: Schema.Relationship) -> [AnyObject] {
        guard !pendingAppends.isEmpty else { return [] }
        let key = ToManyChange.Key(model: ObjectIdentifier(model), relationship: ObjectIdentifier(relationship))
        return pendingAppends.removeValue(forKey: key)?.members ?? []
    }

    /// The members recorded for a relationship still not loaded, without taking them.
    func pendingAppends(of model: AnyObject, _ relationship: Schema.Relationship) -> [AnyObject]? {
        guard !pendingAppends.isEmpty else { return nil }
        return pendingAppends[ToManyChange.Key(model: ObjectIdentifier(model), relationship: ObjectIdentifier(relationship))]?.members
    }

    /// `stored` with the recorded members it does not hold after it.
    func merging<D: PersistentModel>(_ stored: [D], pendingAppendsOf model: AnyObject, _ relationship: Schema.Relationship) -> [D] {
        let appended = takePendingAppends(of: model, relationship)
        guard !appended.isEmpty else { return stored }
        var members = stored
        var held = Set(stored.map(ObjectIdentifier.init))
        for case let member as D in appended where member._$backingState.status != .deleted
            && held.insert(ObjectIdentifier(member)).inserted {
            members.append(member)
        }
        return members
    }
}

extension ModelContext.PendingAppend {
    mutating func record(_ member: AnyObject) {
        guard memberIDs.insert(ObjectIdentifier(member)).inserted else { return }
        members.append(member)
    }
}
