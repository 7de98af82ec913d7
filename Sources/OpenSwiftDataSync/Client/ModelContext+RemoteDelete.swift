import OpenSwiftData

extension ModelContext {
    /// Deletes a model that another device deleted. A delete is final everywhere (see
    /// the Sync article), so a `.deny` relationship of the model does not refuse it on
    /// this device alone, which would leave this device unable to apply any later
    /// download: the models the relationship holds are let go first, as `.nullify`
    /// lets them go, and stay. The model's other delete rules run as for a local delete.
    func deleteAsRemotelyDeleted(_ model: any PersistentModel) throws {
        let entityName = model.persistentModelID.entityName
        for relationship in container.schema.entitiesByName[entityName]?.relationships ?? [] where relationship.deleteRule == .deny {
            try setRelationship(named: relationship.name, of: model, to: [])
        }
        delete(model)
    }
}
