import Foundation
import GRDB

/// A model's values by property name: each attribute, each to-one relationship as
/// its model's ``PersistentIdentifier`` (or null) and each to-many relationship as
/// the identifiers of its models, in order. `Codable`, so a store can write it as is.
public struct DefaultSnapshot: DataStoreSnapshot, Hashable {
    /// The identifier of the model the snapshot holds the values of.
    public let persistentIdentifier: PersistentIdentifier
    /// The values by property name (see ``DefaultSnapshot/Value``).
    public private(set) var values: [String: Value]

    /// A snapshot of these values (`package`: the PostgreSQL store makes snapshots from its rows).
    package init(persistentIdentifier: PersistentIdentifier, values: [String: Value]) {
        self.persistentIdentifier = persistentIdentifier
        self.values = values
    }

    /// The snapshot of a model's current values. A related model that is marked for
    /// deletion is left out, as the save that sends the snapshot deletes it.
    public init(from model: any PersistentModel) throws {
        let entity = type(of: model)._$entity
        var values: [String: Value] = [:]
        for property in entity.persistedProperties {
            if let attribute = property.attribute {
                do {
                    values[property.name] = Value(try attribute.codec.encode(attribute.access.get(model)))
                } catch {
                    throw OpenSwiftDataError.invalidValue(entity: entity.name, property: property.name,
                                                          reason: "its value cannot be stored: \(error)")
                }
            } else if let relationship = property.relationship {
                let related = relationship.access.get(model).compactMap { $0 as? any PersistentModel }
                    .filter { $0._$backingState.status != .deleted }
                if relationship.isToOneRelationship {
                    values[property.name] = related.first.map { .model($0.persistentModelID) } ?? .null
                } else {
                    values[property.name] = .models(related.map(\.persistentModelID))
                }
            }
        }
        self.init(persistentIdentifier: model.persistentModelID, values: values)
    }

    /// The same values under another identifier, with related identifiers remapped: what a store returns for an inserted model once it has a permanent identifier.
    public func copy(persistentIdentifier: PersistentIdentifier,
                     remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?) -> DefaultSnapshot {
        guard let map = remappedIdentifiers, !map.isEmpty else {
            return DefaultSnapshot(persistentIdentifier: persistentIdentifier, values: values)
        }
        return DefaultSnapshot(persistentIdentifier: persistentIdentifier, values: values.mapValues { $0.remapped(map) })
    }

    /// An attribute's value as `T` (the property's type, or its optional's wrapped
    /// type), nil when the snapshot has none or it is not a `T`: for a store that
    /// filters or sorts snapshots itself.
    public func value<T>(forKey key: String, as type: T.Type = T.self) -> T? {
        guard let stored = values[key]?.storedValue, let codec = ValueCodec.make(for: T.self) else { return nil }
        return (try? codec.decode(stored)) as? T
    }

    /// The identifier a to-one relationship holds, or nil.
    public func identifier(forKey key: String) -> PersistentIdentifier? {
        if case .model(let id) = values[key] { return id }
        return nil
    }

    /// The identifiers a to-many relationship holds, in order (empty when none).
    public func identifiers(forKey key: String) -> [PersistentIdentifier] {
        if case .models(let ids) = values[key] { return ids }
        return []
    }

    /// Every identifier the snapshot's relationships hold.
    var relatedIdentifiers: [PersistentIdentifier] {
        values.values.flatMap { value -> [PersistentIdentifier] in
            switch value {
            case .model(let id): [id]
            case .models(let ids): ids
            default: []
            }
        }
    }
}
