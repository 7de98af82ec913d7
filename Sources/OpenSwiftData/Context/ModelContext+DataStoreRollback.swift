import Foundation

extension ModelContext {
    /// Rollback on a custom store: a changed model gets back the values of the
    /// snapshot it was last read or saved with, through its setters, as on SQLite.
    func reloadFromCustomStore(_ model: any PersistentModel, _ customStore: any CustomStore) {
        func reload<M: PersistentModel>(_ model: M) {
            guard let snapshot = customSnapshots[model.persistentModelID] else { return }
            do {
                for property in M._$entity.persistedProperties {
                    if let attribute = property.attribute, let stored = snapshot.values[property.name]?.storedValue {
                        attribute.access.set(model, try attribute.codec.decode(stored))
                    } else if let relationship = property.relationship {
                        let ids = relationship.isToOneRelationship
                            ? snapshot.identifier(forKey: property.name).map { [$0] } ?? []
                            : snapshot.identifiers(forKey: property.name)
                        relationship.access.set(model, try relationship.destinationType.customStoreModels(in: self, ids, customStore))
                    }
                }
            } catch {
                Log.logger.error("rollback cannot give \(M.self) its saved values back: \(error)")
            }
        }
        reload(model)
    }
}

extension PersistentModel {
    /// The models of these identifiers of this type, for code that holds the type as a value.
    static func customStoreModels(in context: ModelContext, _ identifiers: [PersistentIdentifier],
                                  _ customStore: any CustomStore) throws -> [AnyObject] {
        try context.models(Self.self, identifiers, customStore)
    }
}
