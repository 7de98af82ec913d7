import Foundation

// A transformable attribute's value is read and written through its attribute's
// codec, which applies the registered value transformer (or, when none is
// registered, stores the value as any other of its type). `@Model` calls these for
// properties marked `@Attribute(.transformable(by:))`, whose type need not be `Codable`.

extension _ModelReader {
    /// Reads a transformable attribute of `Model`.
    public mutating func read<Model: PersistentModel, Value>(_ type: Value.Type, transformedFor model: Model.Type)
        throws -> _PersistedStorage<Value> {
        let index = property
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        let properties = Model._$entity.persistedProperties
        guard properties.indices.contains(index), let codec = properties[index].attribute?.codec else {
            throw undecodable(column, Value.self)
        }
        let stored = storedValue(column)
        if stored.isNull && !codec.isOptional { throw missingValue(column) }
        do {
            guard let value = try codec.decode(stored) as? Value else { throw undecodable(column, Value.self) }
            return .loaded(value)
        } catch let error as OpenSwiftDataError {
            throw error
        } catch {
            throw undecodable(column, Value.self, error)
        }
    }
}

extension _ModelWriter {
    /// Binds a transformable attribute.
    public mutating func write<Value>(transformed storage: _PersistedStorage<Value>) throws {
        let index = property
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(index) }
        let property = entity.persistedProperties[index]
        guard let codec = property.attribute?.codec else { throw missingValue(index) }
        let stored: StoredValue
        do {
            stored = try codec.encode(value)
        } catch {
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: property.name, reason: "\(error)")
        }
        try bind(stored, parameter, property: index)
    }
}
