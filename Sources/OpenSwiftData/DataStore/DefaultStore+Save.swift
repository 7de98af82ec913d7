import Foundation

extension DefaultStore {
    /// Writes one save's snapshots in one transaction, with its history: each inserted
    /// snapshot becomes a new model, each updated one sets the properties it holds on
    /// the stored model, and each deleted one deletes its model, delete rules and all.
    ///
    /// A relationship may name a model inserted by the same save by its temporary
    /// identifier; the result maps each inserted snapshot's identifier to its permanent
    /// one. A snapshot of a model the store does not have, or a value its property's
    /// type cannot hold, throws and nothing is written.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        let context = context(for: request.editingState)
        var models: [PersistentIdentifier: any PersistentModel] = [:]
        for snapshot in request.inserted {
            let model = try entity(of: snapshot.persistentIdentifier).modelType._$emptyModel()
            context.insert(model)
            models[snapshot.persistentIdentifier] = model
        }
        func resolve(_ id: PersistentIdentifier) throws -> any PersistentModel {
            if let model = models[id] { return model }
            let model = try storedModel(id, in: context)
            models[id] = model
            return model
        }
        for snapshot in request.inserted + request.updated {
            try apply(snapshot, to: try resolve(snapshot.persistentIdentifier), resolving: resolve)
        }
        for snapshot in request.deleted {
            // A model already gone from the store is as the save wants it.
            guard let model = try? resolve(snapshot.persistentIdentifier) else { continue }
            context.delete(model)
        }
        try context.save()
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        for snapshot in request.inserted {
            remapped[snapshot.persistentIdentifier] = models[snapshot.persistentIdentifier]?.persistentModelID
        }
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped)
    }

    private func entity(of id: PersistentIdentifier) throws -> Schema.Entity {
        guard let entity = schema.entitiesByName[id.entityName] else { throw OpenSwiftDataError.modelNotInSchema(id.entityName) }
        return entity
    }

    /// The stored model of a permanent identifier of this store.
    private func storedModel(_ id: PersistentIdentifier, in context: ModelContext) throws -> any PersistentModel {
        let entity = try entity(of: id)
        guard !id.isTemporary, id.storeIdentifier == identifier,
              let model = try context.fetchAnyModel(entity.modelType, rowID: id.rowID, refreshing: true) else {
            throw OpenSwiftDataError.modelNotFound(id)
        }
        return model
    }

    /// Sets on the model each property the snapshot holds; on a stored model, only those
    /// whose value differs, so that the save writes (and its history records) only what
    /// changed. A new model's properties are not read first: they have no values yet.
    private func apply(_ snapshot: DefaultSnapshot, to model: any PersistentModel,
                       resolving resolve: (PersistentIdentifier) throws -> any PersistentModel) throws {
        let entity = type(of: model)._$entity
        let isStored = model._$backingState.status == .persistent
        for property in entity.persistedProperties {
            guard let value = snapshot.values[property.name] else { continue }
            if let attribute = property.attribute {
                try apply(value, to: attribute, of: model, entity: entity, isStored: isStored)
            } else if let relationship = property.relationship {
                let ids: [PersistentIdentifier]
                switch value {
                case .null: ids = []
                case .model(let id): ids = [id]
                case .models(let list): ids = list
                case .integer, .real, .text, .bytes:
                    throw OpenSwiftDataError.invalidValue(entity: entity.name, property: property.name,
                                                          reason: "the snapshot holds a value where the relationship's models were expected")
                }
                let members = try ids.map(resolve)
                if isStored {
                    let current = relationship.access.get(model)
                    if current.count == members.count, zip(current, members).allSatisfy({ $0 === $1 }) { continue }
                }
                relationship.access.set(model, members)
            }
        }
    }

    private func apply(_ value: DefaultSnapshot.Value, to attribute: Schema.Attribute, of model: any PersistentModel,
                       entity: Schema.Entity, isStored: Bool) throws {
        guard let stored = value.storedValue else {
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: attribute.name,
                                                  reason: "the snapshot holds related models where a value was expected")
        }
        if stored == .null, !attribute.isOptional { throw OpenSwiftDataError.missingValue(entity: entity.name, property: attribute.name) }
        if isStored, (try? attribute.codec.encode(attribute.access.get(model))) == stored { return }
        let decoded: Any
        do {
            decoded = try attribute.codec.decode(stored)
        } catch {
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: attribute.name,
                                                  reason: "the snapshot's value is not one of the property's type")
        }
        attribute.access.set(model, decoded)
    }
}
