import Foundation

extension DefaultSnapshot {
    /// The snapshot of the model whose backing data this is: its current values, as
    /// ``init(from:)-(any PersistentModel)`` takes them. An attribute whose value
    /// cannot be stored is left out (and logged), since this initialiser cannot throw;
    /// saving the model reports it. Backing data that belongs to no model gives the
    /// values it holds.
    public init(from backingData: any BackingData, relatedBackingDatas: inout [PersistentIdentifier: any BackingData]) {
        let related: [any PersistentModel]
        if let model = Self.model(of: backingData) {
            var values: [String: Value] = [:]
            var members: [any PersistentModel] = []
            for property in Swift.type(of: model)._$entity.persistedProperties {
                if let attribute = property.attribute {
                    do {
                        values[property.name] = Value(try attribute.codec.encode(attribute.access.get(model)))
                    } catch {
                        Log.logger.error("\(property.name) is left out of the snapshot of \(model.persistentModelID.entityName): \(error)")
                    }
                } else if let relationship = property.relationship {
                    let models = relationship.access.get(model).compactMap { $0 as? any PersistentModel }
                        .filter { $0._$backingState.status != .deleted }
                    members += models
                    values[property.name] = relationship.isToOneRelationship
                        ? models.first.map { .model($0.persistentModelID) } ?? .null
                        : .models(models.map(\.persistentModelID))
                }
            }
            self.init(persistentIdentifier: model.persistentModelID, values: values)
            related = members
        } else {
            self.init(persistentIdentifier: Self.identifier(of: backingData), values: Self.heldValues(of: backingData))
            related = []
        }
        for model in related where relatedBackingDatas[model.persistentModelID] == nil {
            relatedBackingDatas[model.persistentModelID] = Self.backingData(of: model)
        }
    }

    private static func model<Data: BackingData>(of backingData: Data) -> (any PersistentModel)? {
        if let view = backingData as? ModelBackingDataView<Data.Model> { return view.model }
        return (backingData as? StoredBackingData<Data.Model>)?.owner
    }

    private static func backingData<Model: PersistentModel>(of model: Model) -> any BackingData {
        model.persistentBackingData
    }

    private static func identifier<Data: BackingData>(of backingData: Data) -> PersistentIdentifier {
        if let id = backingData.persistentModelID { return id }
        return PersistentIdentifier(entityName: Data.Model._$entityName, storeIdentifier: nil,
                                    rowID: PersistentIdentifier.nextTemporaryRowID())
    }

    /// The values backing data that belongs to no model holds: attributes, and the
    /// models its relationships were given.
    private static func heldValues<Data: BackingData>(of backingData: Data) -> [String: Value] {
        guard let stored = backingData as? StoredBackingData<Data.Model> else { return [:] }
        var values: [String: Value] = [:]
        for property in Data.Model._$entity.persistedProperties {
            guard case .loaded(let value)? = stored.values[property.keyPath] else { continue }
            if let attribute = property.attribute, let encoded = try? attribute.codec.encode(value) {
                values[property.name] = Value(encoded)
            } else if let relationship = property.relationship {
                let ids = BackingStorage.models(in: value).compactMap { ($0 as? any PersistentModel)?.persistentModelID }
                values[property.name] = relationship.isToOneRelationship ? ids.first.map { .model($0) } ?? .null : .models(ids)
            }
        }
        return values
    }
}
