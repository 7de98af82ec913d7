import Foundation

/// Binds a model's persisted values to an insert or update statement, one property at
/// a time, in declaration order (the generated `_$encode(to:)` calls `write` once per
/// persisted property).
public struct _ModelWriter {
    @usableFromInline let statement: OpaquePointer
    /// The statement parameter of each property, or -1 when it has no column.
    @usableFromInline let parameters: [Int32]
    @usableFromInline var property = 0
    /// To-one relationships whose destination has no row yet: written once it has.
    @usableFromInline var pendingForeignKeys: [(property: Int, destination: AnyObject)] = []
    @usableFromInline let entity: Schema.Entity

    init(statement: OpaquePointer, parameters: [Int32], entity: Schema.Entity) {
        self.statement = statement
        self.parameters = parameters
        self.entity = entity
    }

    @inlinable @inline(__always)
    mutating func nextParameter() -> Int32 {
        defer { property += 1 }
        return parameters[property]
    }

    @usableFromInline
    func missingValue(_ property: Int) -> OpenSwiftDataError {
        .missingValue(entity: entity.name, property: entity.persistedProperties[property].name)
    }

    @usableFromInline
    func check(_ code: Int32, _ property: Int) throws {
        if code != SQLITE_OK {
            let reason = code == SQLITE_MISMATCH ? "it is not a number (NaN), which the store cannot hold" : "SQLite could not bind it (code \(code))"
            throw OpenSwiftDataError.invalidValue(entity: entity.name, property: entity.persistedProperties[property].name, reason: reason)
        }
    }

    @inlinable
    mutating func bindNull(_ parameter: Int32) { sqlite3_bind_null(statement, parameter) }

    // MARK: Primitives

    @inlinable
    public mutating func write<Value: _PrimitiveValue>(_ storage: _PersistedStorage<Value>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        try check(value._bind(to: statement, at: parameter), property - 1)
    }

    @inlinable
    public mutating func write<Value: _PrimitiveValue>(_ storage: _PersistedStorage<Value?>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        if let value { try check(value._bind(to: statement, at: parameter), property - 1) } else { bindNull(parameter) }
    }

    // MARK: Enums with raw values

    @inlinable
    public mutating func write<Value: RawRepresentable & Encodable>(_ storage: _PersistedStorage<Value>) throws
    where Value.RawValue: _PrimitiveValue {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        try check(value.rawValue._bind(to: statement, at: parameter), property - 1)
    }

    @inlinable
    public mutating func write<Value: RawRepresentable & Encodable>(_ storage: _PersistedStorage<Value?>) throws
    where Value.RawValue: _PrimitiveValue {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        if let value { try check(value.rawValue._bind(to: statement, at: parameter), property - 1) } else { bindNull(parameter) }
    }

    // MARK: Other Codable values, as JSON

    @inlinable
    public mutating func write<Value: Encodable>(_ storage: _PersistedStorage<Value>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        try check(JSONValue.encode(value)._bind(to: statement, at: parameter), property - 1)
    }

    @inlinable
    public mutating func write<Value: Encodable>(_ storage: _PersistedStorage<Value?>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        if let value { try check(JSONValue.encode(value)._bind(to: statement, at: parameter), property - 1) } else { bindNull(parameter) }
    }

    // MARK: Relationships

    @usableFromInline
    mutating func writeForeignKey(_ destination: (any PersistentModel)?, _ parameter: Int32) {
        guard let destination else { return bindNull(parameter) }
        let rowID = destination._$backingState.rowID
        if rowID > 0 {
            sqlite3_bind_int64(statement, parameter, rowID)
        } else {
            bindNull(parameter)
            pendingForeignKeys.append((property - 1, destination))
        }
    }

    @inlinable
    public mutating func write<Destination: PersistentModel>(_ storage: _PersistedStorage<Destination?>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        switch storage {
        case .loaded(let destination): writeForeignKey(destination, parameter)
        case .fault(let rowID): sqlite3_bind_int64(statement, parameter, rowID)
        case .unloaded: throw missingValue(property - 1)
        }
    }

    @inlinable
    public mutating func write<Destination: PersistentModel>(_ storage: _PersistedStorage<Destination>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        switch storage {
        case .loaded(let destination): writeForeignKey(destination, parameter)
        case .fault(let rowID): sqlite3_bind_int64(statement, parameter, rowID)
        case .unloaded: throw missingValue(property - 1)
        }
    }

    /// To-many relationships are written by the context, not as a column.
    @inlinable
    public mutating func write<Destination: PersistentModel>(_ storage: _PersistedStorage<[Destination]>) throws {
        property += 1
    }

    @inlinable
    public mutating func write<Destination: PersistentModel>(_ storage: _PersistedStorage<[Destination]?>) throws {
        property += 1
    }

    @inlinable
    public mutating func write<Destination: PersistentModel & Encodable>(_ storage: _PersistedStorage<Destination?>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        switch storage {
        case .loaded(let destination): writeForeignKey(destination, parameter)
        case .fault(let rowID): sqlite3_bind_int64(statement, parameter, rowID)
        case .unloaded: throw missingValue(property - 1)
        }
    }

    @inlinable
    public mutating func write<Destination: PersistentModel & Encodable>(_ storage: _PersistedStorage<Destination>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        switch storage {
        case .loaded(let destination): writeForeignKey(destination, parameter)
        case .fault(let rowID): sqlite3_bind_int64(statement, parameter, rowID)
        case .unloaded: throw missingValue(property - 1)
        }
    }

    @inlinable
    public mutating func write<Destination: PersistentModel & Encodable>(_ storage: _PersistedStorage<[Destination]>) throws {
        property += 1
    }

    @inlinable
    public mutating func write<Destination: PersistentModel & Encodable>(_ storage: _PersistedStorage<[Destination]?>) throws {
        property += 1
    }

    @available(*, unavailable, message: "OpenSwiftData stores Codable values and models: make this property's type Codable, a @Model class, or an array or optional of one, or mark the property @Transient")
    public mutating func write<Value>(_ storage: _PersistedStorage<Value>) throws {
        fatalError()
    }
}
