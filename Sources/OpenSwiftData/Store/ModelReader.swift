import Foundation
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// Reads the current row of a fetch into a model's storage, one property at a time,
/// in declaration order (the generated `init(_$reader:)` calls `read` once per
/// persisted property).
///
/// The row is a SQLite statement's current row, read column by column with no `Row`
/// and no dictionary, or another store's row (``_RowSource``): a PostgreSQL row, a
/// custom store's snapshot.
public struct _ModelReader {
    /// The SQLite statement whose current row is read; nil for another store's row.
    /// Checked first on every read: the SQLite path stays a null test and the read.
    @usableFromInline let statement: OpaquePointer?
    /// The result column of each property, or -1 when it was not fetched (to-many
    /// relationships, properties left out by `propertiesToFetch`).
    @usableFromInline let columns: [Int32]
    @usableFromInline var property = 0
    /// What only another store's reads and the errors need, out of the way: the reader
    /// is copied on each read, and stays four words.
    @usableFromInline let origin: _ReaderOrigin

    init(statement: OpaquePointer, columns: [Int32], entityName: String) {
        self.statement = statement
        self.columns = columns
        self.origin = _ReaderOrigin(source: EmptyRow.shared, entityName: entityName)
    }

    package init(row: any _RowSource, columns: [Int32], entityName: String) {
        self.statement = nil
        self.columns = columns
        self.origin = _ReaderOrigin(source: row, entityName: entityName)
    }

    /// Another store's row, read out of line; an empty one for a SQLite statement.
    @usableFromInline var source: any _RowSource { origin.source }
    /// The entity of the row, as errors name it.
    @usableFromInline var entityName: String { origin.entityName }

    /// Back to the first property, to read the next row.
    @inline(__always)
    package mutating func rewind() { property = 0 }

    @inlinable @inline(__always)
    mutating func nextColumn() -> Int32 {
        defer { property += 1 }
        return columns[property]
    }

    @inlinable
    func isNull(_ column: Int32) -> Bool {
        if let statement { return sqlite3_column_type(statement, column) == SQLITE_NULL }
        return source.isNull(at: column)
    }

    /// A related row's key.
    @inlinable
    func key(_ column: Int32) throws -> Int64 {
        if let statement { return sqlite3_column_int64(statement, column) }
        return try rowKey(column)
    }

    @usableFromInline
    func rowKey(_ column: Int32) throws -> Int64 {
        do {
            guard let key = try source.integer(at: column) else { throw missingValue(column) }
            return key
        } catch let error as _UnreadableValue {
            throw undecodable(column, Int64.self, error)
        }
    }

    /// A column as text (JSON, for `Codable` values).
    @usableFromInline
    func text(_ column: Int32) throws -> String {
        if let statement { return String._read(from: statement, at: column) }
        guard let text = try source.text(at: column) else { throw missingValue(column) }
        return text
    }

    /// A column in the engine's stored form, for values read through a codec.
    func storedValue(_ column: Int32) -> StoredValue {
        if let statement { return StoredValue(sqliteStatement: statement, index: column) }
        return source.storedValue(at: column)
    }

    @usableFromInline
    func missingValue(_ column: Int32) -> OpenSwiftDataError {
        .corruptValue(entity: entityName, property: columnName(column),
                      reason: "\(rowDescription) holds no value (NULL) for a non-optional property")
    }

    @usableFromInline
    func undecodable(_ column: Int32, _ type: Any.Type, _ error: Error? = nil) -> OpenSwiftDataError {
        let stored: String = switch storedValue(column) {
        case .null: "NULL"
        case .text(let text): String(text.prefix(40))
        case let value: String(value.description.prefix(40))
        }
        return .corruptValue(entity: entityName, property: columnName(column),
                             reason: "the value \"\(stored)\" in \(rowDescription) is not \(ValueKindWords.words(for: type))"
                                 + (error.flatMap(ValueKindWords.reason).map { ": " + $0 } ?? ""))
    }

    private func columnName(_ column: Int32) -> String {
        if let statement { return String(cString: sqlite3_column_name(statement, column)) }
        return source.columnName(at: column)
    }

    /// The row being read, as an error names it: every fetch selects the row's key first.
    private var rowDescription: String {
        if let statement { return "row \(sqlite3_column_int64(statement, 0))" }
        return "row \(source.rowID)"
    }

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
        if let statement {
            do {
                return try Value._readIfPresent(from: statement, at: column)
            } catch {
                throw undecodable(column, Value.self)
            }
        }
        return try readFromRow(Value.self, column)
    }

    /// `readPrimitive` for another store's row, out of line.
    @usableFromInline
    func readFromRow<Value: _PrimitiveValue>(_ type: Value.Type, _ column: Int32) throws -> Value? {
        do {
            return try Value._read(from: source, at: column)
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
            return .loaded(try JSONValue.decode(Value.self, from: text(column)))
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
            return .loaded(try JSONValue.decode(Value.self, from: text(column)))
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
        return .fault(try key(column))
    }

    @inlinable
    public mutating func read<Destination: PersistentModel>(_ type: Destination.Type) throws -> _PersistedStorage<Destination> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        if isNull(column) { throw missingValue(column) }
        return .fault(try key(column))
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
        return .fault(try key(column))
    }

    @inlinable
    public mutating func read<Destination: PersistentModel & Decodable>(_ type: Destination.Type) throws -> _PersistedStorage<Destination> {
        let column = nextColumn()
        guard column >= 0 else { return .unloaded }
        if isNull(column) { throw missingValue(column) }
        return .fault(try key(column))
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

/// The row source and entity name of a ``_ModelReader``.
public final class _ReaderOrigin {
    @usableFromInline let source: any _RowSource
    @usableFromInline let entityName: String

    init(source: any _RowSource, entityName: String) {
        self.source = source
        self.entityName = entityName
    }
}
