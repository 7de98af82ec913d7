import Foundation
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// Binds a model's persisted values to an insert or update statement, one property at
/// a time, in declaration order (the generated `_$encode(to:)` calls `write` once per
/// persisted property).
///
/// The statement is SQLite's, bound parameter by parameter, or another store's row
/// (``_RowSink``): a PostgreSQL insert's columns, a custom store's snapshot.
public struct _ModelWriter {
    @usableFromInline enum Target {
        case statement(OpaquePointer)
        case row(any _RowSink)
    }

    @usableFromInline let target: Target
    /// The statement parameter of each property, or -1 when it has no column.
    @usableFromInline let parameters: [Int32]
    @usableFromInline var property = 0
    /// To-one relationships whose destination has no row yet: written once it has.
    @usableFromInline package var pendingForeignKeys: [(property: Int, destination: AnyObject)] = []
    @usableFromInline let entity: Schema.Entity

    init(statement: OpaquePointer, parameters: [Int32], entity: Schema.Entity) {
        self.target = .statement(statement)
        self.parameters = parameters
        self.entity = entity
    }

    package init(row: any _RowSink, parameters: [Int32], entity: Schema.Entity) {
        self.target = .row(row)
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
    func notStorable(_ property: Int, code: Int32) -> OpenSwiftDataError {
        let reason = code == SQLITE_MISMATCH ? "it is not a number (NaN), which the store cannot hold" : "SQLite could not bind it (code \(code))"
        return OpenSwiftDataError.invalidValue(entity: entity.name, property: entity.persistedProperties[property].name, reason: reason)
    }

    @inlinable
    func bindNull(_ parameter: Int32) {
        switch target {
        case .statement(let statement): sqlite3_bind_null(statement, parameter)
        case .row(let row): row.setNull(at: parameter)
        }
    }

    /// Binds a value of a primitive type to the parameter.
    @inlinable @inline(__always)
    func bind<Value: _PrimitiveValue>(_ value: Value, _ parameter: Int32, property: Int) throws {
        switch target {
        case .statement(let statement):
            let code = value._bind(to: statement, at: parameter)
            if code != SQLITE_OK { throw notStorable(property, code: code) }
        case .row(let row):
            if !value._write(to: row, at: parameter) { throw notStorable(property, code: SQLITE_MISMATCH) }
        }
    }

    /// Binds a related row's key.
    @inlinable
    func bindKey(_ rowID: Int64, _ parameter: Int32) {
        switch target {
        case .statement(let statement): sqlite3_bind_int64(statement, parameter, rowID)
        case .row(let row): row.setKey(rowID, at: parameter)
        }
    }

    /// Binds a value in the engine's stored form.
    func bind(_ value: StoredValue, _ parameter: Int32, property: Int) throws {
        switch target {
        case .statement(let statement):
            let code = value.bind(to: statement, at: parameter)
            if code != SQLITE_OK { throw notStorable(property, code: code) }
        case .row(let row):
            row.set(value, at: parameter)
        }
    }

    // MARK: Primitives

    @inlinable
    public mutating func write<Value: _PrimitiveValue>(_ storage: _PersistedStorage<Value>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        try bind(value, parameter, property: property - 1)
    }

    @inlinable
    public mutating func write<Value: _PrimitiveValue>(_ storage: _PersistedStorage<Value?>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        if let value { try bind(value, parameter, property: property - 1) } else { bindNull(parameter) }
    }

    // MARK: Enums with raw values

    @inlinable
    public mutating func write<Value: RawRepresentable & Encodable>(_ storage: _PersistedStorage<Value>) throws
    where Value.RawValue: _PrimitiveValue {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        try bind(value.rawValue, parameter, property: property - 1)
    }

    @inlinable
    public mutating func write<Value: RawRepresentable & Encodable>(_ storage: _PersistedStorage<Value?>) throws
    where Value.RawValue: _PrimitiveValue {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        if let value { try bind(value.rawValue, parameter, property: property - 1) } else { bindNull(parameter) }
    }

    // MARK: Other Codable values, as JSON

    @inlinable
    public mutating func write<Value: Encodable>(_ storage: _PersistedStorage<Value>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        try bind(JSONValue.encode(value), parameter, property: property - 1)
    }

    @inlinable
    public mutating func write<Value: Encodable>(_ storage: _PersistedStorage<Value?>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        guard case .loaded(let value) = storage else { throw missingValue(property - 1) }
        if let value { try bind(JSONValue.encode(value), parameter, property: property - 1) } else { bindNull(parameter) }
    }

    // MARK: Relationships

    @usableFromInline
    mutating func writeForeignKey(_ destination: (any PersistentModel)?, _ parameter: Int32) {
        guard let destination else { return bindNull(parameter) }
        let rowID = destination._$backingState.rowID
        if rowID > 0 {
            bindKey(rowID, parameter)
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
        case .fault(let rowID): bindKey(rowID, parameter)
        case .unloaded: throw missingValue(property - 1)
        }
    }

    @inlinable
    public mutating func write<Destination: PersistentModel>(_ storage: _PersistedStorage<Destination>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        switch storage {
        case .loaded(let destination): writeForeignKey(destination, parameter)
        case .fault(let rowID): bindKey(rowID, parameter)
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
        case .fault(let rowID): bindKey(rowID, parameter)
        case .unloaded: throw missingValue(property - 1)
        }
    }

    @inlinable
    public mutating func write<Destination: PersistentModel & Encodable>(_ storage: _PersistedStorage<Destination>) throws {
        let parameter = nextParameter()
        guard parameter > 0 else { return }
        switch storage {
        case .loaded(let destination): writeForeignKey(destination, parameter)
        case .fault(let rowID): bindKey(rowID, parameter)
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
