import Foundation

extension [SyncChange] {
    /// Every sync ID the changes name: their models, the models merged into, and the
    /// related models (a many-to-many relationship's members by their pairs' names).
    var namedSyncIDs: Set<UUID> {
        var ids = Set<UUID>()
        for change in self {
            ids.insert(change.syncID)
            if let target = change.mergedInto { ids.insert(target) }
            for (name, stamped) in change.values {
                ids.formUnion(stamped.value.referencedIDs)
                if let pair = SyncedSchema.memberPair(name) { ids.insert(pair.member) }
            }
        }
        return ids
    }
}
