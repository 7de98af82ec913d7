import Foundation

// Reading and writing models by entity and property name, for code that knows a
// model only by what a schema says of it: the sync client applies changes that
// arrive as names and stored values.
extension ModelContext {
    /// The model of the named entity's row with this number, nil when there is no
    /// such row. An unchanged registered model is refreshed from the store first.
    package func model(entityName: String, rowID: Int64) throws -> (any PersistentModel)? {
        try fetchAnyModel(try entity(named: entityName).modelType, rowID: rowID, refreshing: true)
    }

    /// A new model of the named entity, in no context yet and holding no values: the
    /// caller sets every property the entity requires, as an initialiser does, before it
    /// inserts it (an insert reads its to-one relationships, and one that must name a
    /// model has none to give yet).
    package func emptyModel(entityName: String) throws -> any PersistentModel {
        try entity(named: entityName).modelType._$emptyModel()
    }

    /// Sets the named attribute of a model from a value in the stored form a
    /// ``DefaultSnapshot`` holds. Throws, setting nothing, when the entity has no such
    /// attribute, the value is null for a non-optional attribute, or it is not one of
    /// the attribute's type.
    package func setAttribute(named name: String, of model: any PersistentModel, to value: DefaultSnapshot.Value) throws {
        let entity = type(of: model)._$entity
        guard let attribute = entity.persistedProperties.first(where: { $0.name == name })?.attribute else {
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: name, reason: "the model has no attribute of that name")
        }
        guard let stored = value.storedValue else {
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: name, reason: "related models were given where a value was expected")
        }
        if stored == .null, !attribute.isOptional { throw OpenSwiftDataError.missingValue(entity: entity.name, property: name) }
        guard let decoded = try? attribute.codec.decode(stored) else {
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: name, reason: "the value is not one of the attribute's type")
        }
        attribute.access.set(model, decoded)
    }

    /// Whether ``setAttribute(named:of:to:)`` would take `value` for `attribute`: a
    /// server checks what devices upload with it, so that no device is handed a value
    /// its store cannot hold.
    package static func accepts(_ value: DefaultSnapshot.Value, for attribute: Schema.Attribute) -> Bool {
        guard let stored = value.storedValue else { return false }
        if stored == .null { return attribute.isOptional }
        guard let codec = attribute.codec else { return false }
        return (try? codec.decode(stored)) != nil
    }

    /// Makes `members` the models of the named relationship of a model, in order (for
    /// a to-one relationship, the first or none). Inverses follow, as when the program
    /// sets the property. Throws when the entity has no such relationship or a member
    /// is not of its destination.
    package func setRelationship(named name: String, of model: any PersistentModel, to members: [any PersistentModel]) throws {
        let entity = type(of: model)._$entity
        guard let relationship = entity.persistedProperties.first(where: { $0.name == name })?.relationship else {
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: name, reason: "the model has no relationship of that name")
        }
        let destination = try self.entity(named: relationship.destination)
        for member in members where !destination.isSameOrAncestor(of: type(of: member)._$entity) {
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: name,
                                                  reason: "a \(type(of: member)._$entity.name) cannot be one of its \(relationship.destination) models")
        }
        relationship.access.set(model, members.map { $0 as AnyObject })
    }

    /// The models the named relationship of a model holds, in order (for a to-one, the
    /// one it names or none). Throws when the entity has no such relationship.
    package func relatedModels(named name: String, of model: any PersistentModel) throws -> [any PersistentModel] {
        let entity = type(of: model)._$entity
        guard let relationship = entity.persistedProperties.first(where: { $0.name == name })?.relationship else {
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: name, reason: "the model has no relationship of that name")
        }
        return relationship.access.get(model).compactMap { $0 as? any PersistentModel }
    }

    private func entity(named name: String) throws -> Schema.Entity {
        guard let entity = container.schema.entitiesByName[name] else { throw OpenSwiftDataError.modelNotInSchema(name) }
        return entity
    }
}

extension Schema.Entity {
    /// Whether a model of `other` may stand where this entity is expected.
    fileprivate func isSameOrAncestor(of other: Schema.Entity) -> Bool {
        var next: Schema.Entity? = other
        while let entity = next {
            if entity.name == name { return true }
            next = entity.superentity
        }
        return false
    }
}
