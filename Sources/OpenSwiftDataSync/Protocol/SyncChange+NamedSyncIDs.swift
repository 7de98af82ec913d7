import Foundation

extension [SyncChange] {
    /// Every sync ID the changes name: their models, the models merged into, and the related models.
    var namedSyncIDs: Set<UUID> {
        var ids = Set<UUID>()
        for change in self {
            ids.insert(change.syncID)
            if let target = change.mergedInto { ids.insert(target) }
            for stamped in change.values.values { ids.formUnion(stamped.value.referencedIDs) }
        }
        return ids
    }
}
