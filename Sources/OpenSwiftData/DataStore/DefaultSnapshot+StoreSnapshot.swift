import Foundation

// A store may keep snapshots of its own type. Contexts work in `DefaultSnapshot`s,
// so a store's snapshot is read through its `Codable` form, as SwiftData reads one:
// the model's identifier under `persistentIdentifier`, and each modelled property
// under its name (`DataStoreSnapshotCodingKey`) in the property type's own encoded
// form (a to-one relationship as its model's identifier, a to-many one as theirs).
extension DefaultSnapshot {
    /// The values of a store's own snapshot, each property read as its model's type
    /// declares it. Nil when the snapshot is of an entity the schema does not have
    /// (a store may keep models no container of this schema reads).
    init?(reading snapshot: some DataStoreSnapshot, schema: Schema, store: String) throws {
        guard let entity = schema.entitiesByName[snapshot.persistentIdentifier.entityName] else { return nil }
        let reading = SnapshotReading(entity: entity, store: store)
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = SnapshotReading.nonConformingFloats
        decoder.userInfo[SnapshotReading.key] = reading
        do {
            let encoded = try reading.encoder.encode(snapshot)
            self = try decoder.decode(SnapshotReading.Decoded.self, from: encoded).snapshot
        } catch let error as OpenSwiftDataError {
            throw error
        } catch {
            throw OpenSwiftDataError.unreadableSnapshot(store: store, entity: entity.name, reason: Self.reason(error))
        }
    }

    /// A decoding failure in words: the property, and what its value was not.
    private static func reason(_ error: any Error) -> String {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case let .typeMismatch(_, found)?, let .valueNotFound(_, found)?, let .dataCorrupted(found)?: context = found
        case let .keyNotFound(key, _)?: return "it has no \(key.stringValue)"
        default: return "its encoded form cannot be read (\(error.localizedDescription))"
        }
        let property = context.codingPath.first?.stringValue ?? "its encoded form"
        return "\(property) holds a value its property's type cannot decode (\(context.debugDescription))"
    }
}

/// What reading one store snapshot needs: its entity, to know each property's type.
private struct SnapshotReading: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "OpenSwiftData.SnapshotReading")!
    static let nonConformingFloats = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
        positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")

    let entity: Schema.Entity
    let store: String

    var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// The snapshot's encoded form, decoded property by property.
    struct Decoded: Decodable {
        let snapshot: DefaultSnapshot

        init(from decoder: any Decoder) throws {
            guard let reading = decoder.userInfo[SnapshotReading.key] as? SnapshotReading else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "read only by DefaultSnapshot(reading:)"))
            }
            let container = try decoder.container(keyedBy: DataStoreSnapshotCodingKey.self)
            let identifier = try container.decode(PersistentIdentifier.self, forKey: .persistentIdentifier)
            var values: [String: DefaultSnapshot.Value] = [:]
            for property in reading.entity.persistedProperties {
                let key = DataStoreSnapshotCodingKey.modeledProperty(property.name)
                guard container.contains(key) else { continue }
                if let relationship = property.relationship {
                    values[property.name] = relationship.isToOneRelationship
                        ? try container.decodeIfPresent(PersistentIdentifier.self, forKey: key).map { .model($0) } ?? .null
                        : .models(try container.decodeIfPresent([PersistentIdentifier].self, forKey: key) ?? [])
                } else if let attribute = property.attribute {
                    values[property.name] = try reading.value(of: attribute, in: container, key)
                }
            }
            snapshot = DefaultSnapshot(persistentIdentifier: identifier, values: values)
        }
    }

    /// An attribute decoded as its declared type, then held as the store holds it.
    func value(of attribute: Schema.Attribute, in container: KeyedDecodingContainer<DataStoreSnapshotCodingKey>,
               _ key: DataStoreSnapshotCodingKey) throws -> DefaultSnapshot.Value {
        guard let type = attribute.valueType as? any Decodable.Type else {
            throw OpenSwiftDataError.unreadableSnapshot(
                store: store, entity: entity.name,
                reason: "\(attribute.name) is of a type that is not Decodable, so it cannot be read from a snapshot's encoded form; keep such a model in a store whose snapshots are DefaultSnapshot")
        }
        func decode<V: Decodable>(_: V.Type) throws -> Any? { try container.decodeIfPresent(V.self, forKey: key) }
        guard let value = try decode(type) else { return .null }
        do {
            return DefaultSnapshot.Value(try attribute.codec.encode(value))
        } catch {
            throw OpenSwiftDataError.unreadableSnapshot(store: store, entity: entity.name,
                                                        reason: "\(attribute.name) holds a value that cannot be stored: \(error)")
        }
    }
}
