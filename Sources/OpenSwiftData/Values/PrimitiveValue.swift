import Foundation
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// A value that a single SQLite column holds as itself, not as JSON.
///
/// The conformances decide the storage mapping: integers and `Bool` are `INTEGER`,
/// `Double` and `Float` are `REAL`, `String` and `URL` are `TEXT`, `Data` and `UUID`
/// (16 bytes) are `BLOB`, `Date` is `REAL` seconds since 2001-01-01 (as Core Data
/// stores it), and `Decimal` is `TEXT` so that `9.99` stays exactly `9.99`; queries
/// compare and sort decimals numerically with `CAST(... AS REAL)`.
///
/// The requirements are the hot path of every save and fetch: they bind and read
/// one column of a prepared statement (or of another store's row) without going through
/// ``StoredValue``.
public protocol _PrimitiveValue: Codable {
    /// The column's declared type.
    static var _columnType: String { get }
    /// Reads a non-NULL column.
    static func _read(from statement: OpaquePointer, at index: Int32) -> Self
    /// Reads a column, nil when it is NULL; asks for the column's type only when the
    /// value alone cannot tell (a zero, an empty blob). Throws when the column holds
    /// something that is not this type at all (text in a number column, a malformed
    /// decimal or UUID), as another tool or a damaged file may leave it: read as a
    /// zero, such a row would silently drop out of sums and filters.
    static func _readIfPresent(from statement: OpaquePointer, at index: Int32) throws(_UnreadableValue) -> Self?
    func _bind(to statement: OpaquePointer, at index: Int32) -> Int32
    /// Reads a column of another store's row, nil when it is NULL.
    static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> Self?
    /// Sets a parameter of another store's row; false when the value cannot be stored
    /// (a NaN, which SQLite would store as NULL).
    func _write(to sink: any _RowSink, at parameter: Int32) -> Bool
    /// The value in the engine's stored form, for values compared, captured or kept.
    var _storedValue: StoredValue { get }
    /// The value from its stored form, or nil when it does not fit.
    static func _decode(_ value: StoredValue) -> Self?
}


/// A stored value that is not of its column's type: see `_PrimitiveValue._readIfPresent`.
public struct _UnreadableValue: Error {
    /// The error of a read that found a value of another type.
    @inlinable public init() {}

    /// Whether a column that read as zero holds something other than a number.
    @inlinable static func isNotANumber(_ statement: OpaquePointer, _ index: Int32) -> Bool {
        let type = sqlite3_column_type(statement, index)
        return type == SQLITE_TEXT || type == SQLITE_BLOB
    }
}

extension _PrimitiveValue {
    @inlinable public static func _readIfPresent(from statement: OpaquePointer, at index: Int32) -> Self? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : _read(from: statement, at: index)
    }
}

public protocol _IntegerPrimitive: _PrimitiveValue, FixedWidthInteger {}

extension _IntegerPrimitive {
    public static var _columnType: String { "INTEGER" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> Self {
        Self(truncatingIfNeeded: sqlite3_column_int64(statement, index))
    }
    @inlinable public static func _readIfPresent(from statement: OpaquePointer, at index: Int32) throws(_UnreadableValue) -> Self? {
        let value = sqlite3_column_int64(statement, index)
        if value == 0 {
            if sqlite3_column_type(statement, index) == SQLITE_NULL { return nil }
            if _UnreadableValue.isNotANumber(statement, index) { throw _UnreadableValue() }
        }
        return Self(truncatingIfNeeded: value)
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(truncatingIfNeeded: self))
    }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> Self? {
        try row.integer(at: column).map(_fromStored)
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        sink.set(Int64(truncatingIfNeeded: self), at: parameter)
        return true
    }
    // UInt and UInt64 are stored as their bit pattern.
    public var _storedValue: StoredValue { .integer(Int64(truncatingIfNeeded: self)) }
    public static func _decode(_ value: StoredValue) -> Self? {
        switch value {
        case .integer(let int): return Self(exactly: int) ?? (!Self.isSigned && Self.bitWidth == 64 ? Self(truncatingIfNeeded: int) : nil)
        case .real(let number): return Self(exactly: number)
        default: return nil
        }
    }
    /// The stored integer as this type: its bit pattern for UInt and UInt64, truncated otherwise, as SQLite reads it.
    @inlinable static func _fromStored(_ int: Int64) -> Self { Self(truncatingIfNeeded: int) }
}

extension Int: _IntegerPrimitive {}
extension Int8: _IntegerPrimitive {}
extension Int16: _IntegerPrimitive {}
extension Int32: _IntegerPrimitive {}
extension Int64: _IntegerPrimitive {}
extension UInt: _IntegerPrimitive {}
extension UInt8: _IntegerPrimitive {}
extension UInt16: _IntegerPrimitive {}
extension UInt32: _IntegerPrimitive {}
extension UInt64: _IntegerPrimitive {}

extension Bool: _PrimitiveValue {
    public static var _columnType: String { "INTEGER" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> Bool {
        sqlite3_column_int64(statement, index) != 0
    }
    @inlinable public static func _readIfPresent(from statement: OpaquePointer, at index: Int32) throws(_UnreadableValue) -> Bool? {
        try Int64._readIfPresent(from: statement, at: index).map { $0 != 0 }
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self ? 1 : 0)
    }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> Bool? {
        try row.boolean(at: column)
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        sink.set(self, at: parameter)
        return true
    }
    public var _storedValue: StoredValue { .integer(self ? 1 : 0) }
    public static func _decode(_ value: StoredValue) -> Bool? { value.double.map { $0 != 0 } }
}

extension Double: _PrimitiveValue {
    public static var _columnType: String { "REAL" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> Double {
        sqlite3_column_double(statement, index)
    }
    @inlinable public static func _readIfPresent(from statement: OpaquePointer, at index: Int32) throws(_UnreadableValue) -> Double? {
        let value = sqlite3_column_double(statement, index)
        if value == 0 {
            if sqlite3_column_type(statement, index) == SQLITE_NULL { return nil }
            if _UnreadableValue.isNotANumber(statement, index) { throw _UnreadableValue() }
        }
        return value
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        // SQLite would store NaN as NULL: refuse it rather than lose the value.
        isNaN ? SQLITE_MISMATCH : sqlite3_bind_double(statement, index, self)
    }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> Double? {
        try row.real(at: column)
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        guard !isNaN else { return false }
        sink.set(self, at: parameter)
        return true
    }
    public var _storedValue: StoredValue { .real(self) }
    public static func _decode(_ value: StoredValue) -> Double? { value.double }
}

extension Float: _PrimitiveValue {
    public static var _columnType: String { "REAL" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> Float {
        Float(sqlite3_column_double(statement, index))
    }
    @inlinable public static func _readIfPresent(from statement: OpaquePointer, at index: Int32) throws(_UnreadableValue) -> Float? {
        try Double._readIfPresent(from: statement, at: index).map(Float.init)
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        isNaN ? SQLITE_MISMATCH : sqlite3_bind_double(statement, index, Double(self))
    }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> Float? {
        try row.real(at: column).map(Float.init)
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        Double(self)._write(to: sink, at: parameter)
    }
    public var _storedValue: StoredValue { .real(Double(self)) }
    public static func _decode(_ value: StoredValue) -> Float? { Double._decode(value).map(Float.init) }
}

extension String: _PrimitiveValue {
    public static var _columnType: String { "TEXT" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> String {
        _readIfPresent(from: statement, at: index) ?? ""
    }
    @inlinable public static func _readIfPresent(from statement: OpaquePointer, at index: Int32) -> String? {
        // SQLite returns no pointer for NULL, and a pointer to "" for an empty string.
        guard let text = sqlite3_column_text(statement, index) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var copy = self
        return copy.withUTF8 { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_text(statement, index, "", 0, nil)
            }
            return sqlite3_bind_text(statement, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                                     Int32(buffer.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
    }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> String? {
        try row.text(at: column)
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        sink.set(self, at: parameter)
        return true
    }
    public var _storedValue: StoredValue { .text(self) }
    public static func _decode(_ value: StoredValue) -> String? {
        switch value {
        case .text(let text): text
        case .bytes(let data): String(data: data, encoding: .utf8)
        default: nil
        }
    }
}

extension Data: _PrimitiveValue {
    public static var _columnType: String { "BLOB" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(statement, index) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, index)))
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { buffer in
            sqlite3_bind_blob(statement, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count),
                              unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
    }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> Data? {
        try row.bytes(at: column)
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        sink.set(self, at: parameter)
        return true
    }
    public var _storedValue: StoredValue { .bytes(self) }
    public static func _decode(_ value: StoredValue) -> Data? {
        switch value {
        case .bytes(let data): data
        case .text(let text): Data(text.utf8)
        default: nil
        }
    }
}

extension UUID: _PrimitiveValue {
    public static var _columnType: String { "BLOB" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> UUID {
        guard sqlite3_column_bytes(statement, index) == 16, let bytes = sqlite3_column_blob(statement, index) else {
            // A UUID written as text by another tool still reads.
            return UUID(uuidString: String._read(from: statement, at: index)) ?? UUID(uuid: (0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0))
        }
        return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
    }
    @inlinable public static func _readIfPresent(from statement: OpaquePointer, at index: Int32) throws(_UnreadableValue) -> UUID? {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL: return nil
        case SQLITE_BLOB where sqlite3_column_bytes(statement, index) == 16:
            guard let bytes = sqlite3_column_blob(statement, index) else { throw _UnreadableValue() }
            return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
        case SQLITE_TEXT:
            // A UUID written as text by another tool still reads.
            guard let uuid = UUID(uuidString: String._read(from: statement, at: index)) else { throw _UnreadableValue() }
            return uuid
        default: throw _UnreadableValue()
        }
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes(of: uuid) { buffer in
            sqlite3_bind_blob(statement, index, buffer.baseAddress, 16, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
    }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> UUID? {
        try row.uuid(at: column)
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        sink.set(self, at: parameter)
        return true
    }
    public var _storedValue: StoredValue { .bytes(withUnsafeBytes(of: uuid) { Data($0) }) }
    public static func _decode(_ value: StoredValue) -> UUID? {
        switch value {
        case .bytes(let data) where data.count == 16: data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        case .text(let text): UUID(uuidString: text)
        default: nil
        }
    }
}

extension Date: _PrimitiveValue {
    public static var _columnType: String { "REAL" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> Date {
        Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, index))
    }
    @inlinable public static func _readIfPresent(from statement: OpaquePointer, at index: Int32) throws(_UnreadableValue) -> Date? {
        try Double._readIfPresent(from: statement, at: index).map(Date.init(timeIntervalSinceReferenceDate:))
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_double(statement, index, timeIntervalSinceReferenceDate)
    }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> Date? {
        try row.date(at: column)
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        sink.set(self, at: parameter)
        return true
    }
    public var _storedValue: StoredValue { .real(timeIntervalSinceReferenceDate) }
    public static func _decode(_ value: StoredValue) -> Date? {
        Double._decode(value).map(Date.init(timeIntervalSinceReferenceDate:))
    }
}

extension URL: _PrimitiveValue {
    public static var _columnType: String { "TEXT" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> URL {
        let string = String._read(from: statement, at: index)
        return URL(string: string) ?? URL(fileURLWithPath: string)
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        absoluteString._bind(to: statement, at: index)
    }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> URL? {
        try row.text(at: column).map { URL(string: $0) ?? URL(fileURLWithPath: $0) }
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        sink.set(absoluteString, at: parameter)
        return true
    }
    public var _storedValue: StoredValue { .text(absoluteString) }
    public static func _decode(_ value: StoredValue) -> URL? { String._decode(value).flatMap(URL.init(string:)) }
}

extension Decimal: _PrimitiveValue {
    public static var _columnType: String { "TEXT" }
    @inlinable public static func _read(from statement: OpaquePointer, at index: Int32) -> Decimal {
        if sqlite3_column_type(statement, index) == SQLITE_TEXT {
            return Decimal(string: String._read(from: statement, at: index), locale: Locale(identifier: "en_US_POSIX")) ?? 0
        }
        // Written as a number by another tool.
        return Decimal(sqlite3_column_double(statement, index))
    }
    @inlinable public static func _readIfPresent(from statement: OpaquePointer, at index: Int32) throws(_UnreadableValue) -> Decimal? {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT:
            guard let value = Decimal(string: String._read(from: statement, at: index), locale: Locale(identifier: "en_US_POSIX")) else {
                throw _UnreadableValue()
            }
            return value
        case SQLITE_BLOB: throw _UnreadableValue()
        default: return Decimal(sqlite3_column_double(statement, index))
        }
    }
    @inlinable public func _bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        isNaN ? SQLITE_MISMATCH : _canonicalText._bind(to: statement, at: index)
    }
    /// Locale-independent, exact text: `9.99` is stored as "9.99".
    @inlinable public var _canonicalText: String { NSDecimalNumber(decimal: self).description(withLocale: Locale(identifier: "en_US_POSIX")) }
    @inlinable public static func _read(from row: any _RowSource, at column: Int32) throws(_UnreadableValue) -> Decimal? {
        try row.decimal(at: column)
    }
    @inlinable public func _write(to sink: any _RowSink, at parameter: Int32) -> Bool {
        guard !isNaN else { return false }
        sink.set(self, at: parameter)
        return true
    }
    public var _storedValue: StoredValue { .text(_canonicalText) }
    public static func _decode(_ value: StoredValue) -> Decimal? {
        switch value {
        case .text(let text): Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        case .integer(let number): Decimal(number)
        case .real(let number): Decimal(number)
        default: nil
        }
    }
}
