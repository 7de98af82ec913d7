import Foundation

/// Reads the current row of a fetch into a model's storage, one property at a time,
/// in declaration order (the generated `init(_$reader:)` calls `read` once per
/// persisted property).
///
/// Columns are read straight from the prepared statement: no `Row`, no dictionary.
public struct _ModelReader {
    @usableFromInline let statement: OpaquePointer
    /// The result column of each property, or -1 when it was not fetched (to-many
    /// relationships, properties left out by `propertiesToFetch`).
    @usableFromInline let columns: [Int32]
    @usableFromInline var property = 0
    @usableFromInline let entityName: String

    init(statement: OpaquePointer, columns: [Int32], entityName: String) {
        self.statement = statement
        self.columns = columns
        self.entityName = entityName
    }

    @inlinable @inline(__always)
    mutating func nextColumn() -> Int32 {
        defer { property += 1 }
        return columns[property]
    }

    @inlinable
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    @usableFromInline
    func missingValue(_ column: Int32) -> OpenSwiftDataError {
        .corruptValue(entity: entityName, property: String(cString: sqlite3_column_name(statement, column)),
                      reason: "\(row) holds no value (NULL) for a non-optional property")
    }

    @usableFromInline
    func undecodable(_ column: Int32, _ type: Any.Type, _ error: Error? = nil) -> OpenSwiftDataError {
        let stored = sqlite3_column_text(statement, column).map { String(cString: $0).prefix(40) } ?? "NULL"
        return .corruptValue(entity: entityName, property: String(cString: sqlite3_column_name(statement, column)),
                             reason: "the value \"\(stored)\" in \(row) is not a valid \(type)" + (error.map { ": \($0)" } ?? ""))
    }

    /// The row being read, as an error names it: every fetch selects the row's key first.
    private var row: String { "row \(sqlite3_column_int64(statement, 0))" }

    // MARK: Primitives

    @inlinable @inline(__always)
    public mutating func read<Value: _PrimitiveValue>(_ type: Value.Type) throws -> _PersistedStorage<Value> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        guard let value = try readPrimitive(Value.self, column) else { throw missingValue(column) }
        return .loaded(value)
    }

    @inlinable @inline(__always)
    public mutating func read<Value: _PrimitiveValue>(_ type: Value?.Type) throws -> _PersistedStorage<Value?> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        return .loaded(try readPrimitive(Value.self, column))
    }

    /// A column's value, nil when NULL; a value that is not of the type is an error
    /// naming the row and the value.
    @inlinable @inline(__always)
    func readPrimitive<Value: _PrimitiveValue>(_ type: Value.Type, _ column: Int32) throws -> Value? {
        do {
            return try Value._readIfPresent(from: statement, at: column)
        } catch {
            throw undecodable(column, Value.self)
        }
    }

    // MARK: Enums with raw values

    @inlinable
    public mutating func read<Value: RawRepresentable & Decodable>(_ type: Value.Type) throws -> _PersistedStorage<Value>
    where Value.RawValue: _PrimitiveValue {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        guard let raw = try readPrimitive(Value.RawValue.self, column) else { throw missingValue(column) }
        guard let value = Value(rawValue: raw) else { throw undecodable(column, Value.self) }
        return .loaded(value)
    }

    @inlinable
    public mutating func read<Value: RawRepresentable & Decodable>(_ type: Value?.Type) throws -> _PersistedStorage<Value?>
    where Value.RawValue: _PrimitiveValue {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        guard let raw = try readPrimitive(Value.RawValue.self, column) else { return .loaded(nil) }
        guard let value = Value(rawValue: raw) else { throw undecodable(column, Value.self) }
        return .loaded(value)
    }

    // MARK: Other Codable values, as JSON

    @inlinable
    public mutating func read<Value: Decodable>(_ type: Value.Type) throws -> _PersistedStorage<Value> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        if isNull(column) { throw missingValue(column) }
        do {
            return .loaded(try JSONValue.decode(Value.self, from: String._read(from: statement, at: column)))
        } catch {
            throw undecodable(column, Value.self, error)
        }
    }

    @inlinable
    public mutating func read<Value: Decodable>(_ type: Value?.Type) throws -> _PersistedStorage<Value?> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        if isNull(column) { return .loaded(nil) }
        do {
            return .loaded(try JSONValue.decode(Value.self, from: String._read(from: statement, at: column)))
        } catch {
            throw undecodable(column, Value.self, error)
        }
    }

    // MARK: Relationships

    /// A to-one relationship reads as a fault on the related row's key.
    @inlinable
    public mutating func read<Destination: PersistentModel>(_ type: Destination?.Type) throws -> _PersistedStorage<Destination?> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        if isNull(column) { return .loaded(nil) }
        return .fault(sqlite3_column_int64(statement, column))
    }

    @inlinable
    public mutating func read<Destination: PersistentModel>(_ type: Destination.Type) throws -> _PersistedStorage<Destination> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        if isNull(column) { throw missingValue(column) }
        return .fault(sqlite3_column_int64(statement, column))
    }

    /// A to-many relationship loads on first access.
    @inlinable
    public mutating func read<Destination: PersistentModel>(_ type: [Destination].Type) throws -> _PersistedStorage<[Destination]> {
        property += 1
        return .unloaded
    }

    @inlinable
    public mutating func read<Destination: PersistentModel>(_ type: [Destination]?.Type) throws -> _PersistedStorage<[Destination]?> {
        property += 1
        return .unloaded
    }

    // Models that are also Codable would otherwise match both the JSON and the relationship overloads.
    @inlinable
    public mutating func read<Destination: PersistentModel & Decodable>(_ type: Destination?.Type) throws -> _PersistedStorage<Destination?> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        if isNull(column) { return .loaded(nil) }
        return .fault(sqlite3_column_int64(statement, column))
    }

    @inlinable
    public mutating func read<Destination: PersistentModel & Decodable>(_ type: Destination.Type) throws -> _PersistedStorage<Destination> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        if isNull(column) { throw missingValue(column) }
        return .fault(sqlite3_column_int64(statement, column))
    }

    @inlinable
    public mutating func read<Destination: PersistentModel & Decodable>(_ type: [Destination].Type) throws -> _PersistedStorage<[Destination]> {
        property += 1
        return .unloaded
    }

    @inlinable
    public mutating func read<Destination: PersistentModel & Decodable>(_ type: [Destination]?.Type) throws -> _PersistedStorage<[Destination]?> {
        property += 1
        return .unloaded
    }

    /// Anything else cannot be stored.
    @available(*, unavailable, message: "OpenSwiftData stores Codable values and models: make this property's type Codable, a @Model class, or an array or optional of one, or mark the property @Transient")
    public mutating func read<Value>(_ type: Value.Type) throws -> _PersistedStorage<Value> {
        fatalError()
    }
}
