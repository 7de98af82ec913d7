import OpenSwiftData

extension ModelContext {
    /// Makes a model one with another that this device also holds, as the server merged
    /// them (two models of one unique key: see the Sync article). The models the later one
    /// holds through a to-many relationship with an inverse join the earlier's, as on the
    /// server, where every change naming the later names the earlier; then the later is
    /// deleted as another device's delete is. Its other values are the earlier's by the
    /// rule, which the download brings.
    func mergeAsRemotelyMerged(_ later: any PersistentModel, into earlier: any PersistentModel) throws {
        let entityName = later.persistentModelID.entityName
        for relationship in container.schema.entitiesByName[entityName]?.relationships ?? []
        where !relationship.isToOneRelationship && relationship.inverse != nil {
            let moving = try relatedModels(named: relationship.name, of: later)
            guard !moving.isEmpty else { continue }
            let held = try relatedModels(named: relationship.name, of: earlier)
            let heldIDs = Set(held.map(\.persistentModelID))
            try setRelationship(named: relationship.name, of: earlier, to: held + moving.filter { !heldIDs.contains($0.persistentModelID) })
        }
        try deleteAsRemotelyDeleted(later)
    }
}
