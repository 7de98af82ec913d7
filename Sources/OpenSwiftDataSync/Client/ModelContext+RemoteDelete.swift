import OpenSwiftData

extension ModelContext {
    /// Deletes a model that another device deleted. A delete is final everywhere (see
    /// the Sync article), so a `.deny` relationship of the model does not refuse it on
    /// this device alone, which would leave this device unable to apply any later
    /// download: the models the relationship holds are let go first, as `.nullify`
    /// lets them go, and stay. The models that must name it (their to-one is not
    /// optional) are deleted with it, whatever the rule, as the server deletes them. The
    /// model's other delete rules run as for a local delete.
    func deleteAsRemotelyDeleted(_ model: any PersistentModel) throws {
        let entityName = model.persistentModelID.entityName
        for relationship in container.schema.entitiesByName[entityName]?.relationships ?? [] {
            if let inverse = relationship.inverse, inverse.isToOneRelationship, !inverse.isOptional {
                for member in try relatedModels(named: relationship.name, of: model) where !member.isDeleted {
                    try deleteAsRemotelyDeleted(member)
                }
            } else if relationship.deleteRule == .deny {
                try setRelationship(named: relationship.name, of: model, to: [])
            }
        }
        delete(model)
    }
}
