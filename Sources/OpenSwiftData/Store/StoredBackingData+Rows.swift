import Foundation

// A row read into backing data and backing data bound to a statement: what the
// generated `init(_$reader:)` and `_$encode(to:)` do with typed storage, done here
// with each attribute's codec, which makes the same choices (see `ValueCodec`).
extension StoredBackingData {
    func read(from reader: inout _ModelReader) throws {
        for property in Model._$entity.persistedProperties {
            let column = reader.nextColumn()
            guard column >= 0 else {
                values[property.keyPath] = .unloaded
                continue
            }
            if let attribute = property.attribute {
                guard let codec = attribute.codec else { throw reader.undecodable(column, attribute.valueType) }
                let stored = reader.storedValue(column)
                if stored.isNull && !codec.isOptional { throw reader.missingValue(column) }
                do {
                    values[property.keyPath] = .loaded(try codec.decode(stored))
                } catch {
                    throw reader.undecodable(column, codec.valueType, error)
                }
            } else if let relationship = property.relationship {
                guard relationship.isToOneRelationship else {
                    values[property.keyPath] = .unloaded
                    continue
                }
                if reader.isNull(column) {
                    guard case .loaded(let none) = Self.initialStorage(property) else { throw reader.missingValue(column) }
                    values[property.keyPath] = .loaded(none)
                } else {
                    values[property.keyPath] = .fault(try reader.key(column))
                }
            }
        }
    }

    func write(to writer: inout _ModelWriter) throws {
        for property in writer.entity.persistedProperties {
            try writer.write(values[property.keyPath] ?? Self.initialStorage(property), of: property)
        }
    }

    /// Related models held in memory become faults on their rows (to-one) or are
    /// let go, to be fetched again (to-many).
    func faultRelationships() {
        for property in Model._$entity.persistedProperties {
            guard let relationship = property.relationship, case .loaded(let value)? = values[property.keyPath] else { continue }
            if !relationship.isToOneRelationship {
                values[property.keyPath] = .unloaded
            } else if let model = BackingStorage.models(in: value).first as? any PersistentModel, model._$backingState.rowID > 0 {
                values[property.keyPath] = .fault(model._$backingState.rowID)
            }
        }
    }
}

extension _ModelWriter {
    /// Binds one property's untyped storage, as the typed `write` overloads do.
    mutating func write(_ storage: BackingStorage, of stored: StoredProperty) throws {
        if let relationship = stored.relationship, !relationship.isToOneRelationship {
            property += 1
            return
        }
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        switch storage {
        case .unloaded:
            throw missingValue(property - 1)
        case .fault(let rowID):
            bindKey(rowID, parameter)
        case .loaded(let value):
            if stored.relationship != nil {
                return writeForeignKey(BackingStorage.models(in: value).first as? any PersistentModel, parameter)
            }
            guard let attribute = stored.attribute, let codec = attribute.codec else { return bindNull(parameter) }
            let bound: StoredValue
            do {
                bound = try codec.encode(value)
            } catch {
                throw OpenSwiftDataError.invalidValue(entity: entity.name, property: stored.name, reason: "its value cannot be stored: \(error)")
            }
            try bind(bound, parameter, property: property - 1)
        }
    }
}
