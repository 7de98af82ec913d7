#if PostgreSQL
import Foundation
import OpenSwiftData
import PostgresNIO

/// A PostgreSQL result row as a model's generated reader reads it: each cell is read
/// from its bytes into the type the reader asks for, with no value in between.
///
/// Columns are the result's, from 0 (`Z_PK`). A cell of another type than asked (text
/// where a number is stored, as another tool may leave it) is unreadable, as on SQLite.
final class PostgresRowSource: _RowSource, @unchecked Sendable {
    private var row: PostgresRandomAccessRow?
    private(set) var rowID: Int64 = 0

    /// Makes `row` the current row, whose key is `key`.
    func load(_ row: PostgresRow, key: Int64) {
        self.row = PostgresRandomAccessRow(row)
        rowID = key
    }

    private func cell(_ column: Int32) -> PostgresCell? {
        guard let row, column >= 0, Int(column) < row.count else { return nil }
        return row[Int(column)]
    }

    func columnName(at column: Int32) -> String { cell(column)?.columnName ?? "column \(column)" }

    func isNull(at column: Int32) -> Bool { cell(column)?.bytes == nil }

    func integer(at column: Int32) throws(_UnreadableValue) -> Int64? {
        guard let cell = cell(column), let bytes = cell.bytes else { return nil }
        if cell.format == .binary {
            switch (cell.dataType, bytes.readableBytes) {
            case (.int8, 8): if let value = bytes.getInteger(at: bytes.readerIndex, as: Int64.self) { return value }
            case (.int4, 4): if let value = bytes.getInteger(at: bytes.readerIndex, as: Int32.self) { return Int64(value) }
            case (.int2, 2): if let value = bytes.getInteger(at: bytes.readerIndex, as: Int16.self) { return Int64(value) }
            case (.bool, 1): if let value = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) { return value == 0 ? 0 : 1 }
            default: break
            }
        }
        switch cell.dataType {
        case .int2, .int4, .int8:
            guard let value = try? cell.decode(Int64.self) else { throw _UnreadableValue() }
            return value
        default: throw _UnreadableValue()
        }
    }

    func real(at column: Int32) throws(_UnreadableValue) -> Double? {
        guard let cell = cell(column), let bytes = cell.bytes else { return nil }
        if cell.format == .binary, cell.dataType == .float8, bytes.readableBytes == 8,
           let bits = bytes.getInteger(at: bytes.readerIndex, as: UInt64.self) {
            return Double(bitPattern: bits)
        }
        switch cell.dataType {
        case .float4, .float8, .int2, .int4, .int8:
            guard let value = try? cell.decode(Double.self) else { throw _UnreadableValue() }
            return value
        default: throw _UnreadableValue()
        }
    }

    func text(at column: Int32) throws(_UnreadableValue) -> String? {
        guard let cell = cell(column), let bytes = cell.bytes else { return nil }
        switch cell.dataType {
        case .text, .varchar, .name, .bpchar: return bytes.getString(at: bytes.readerIndex, length: bytes.readableBytes)
        case .jsonb, .json:
            guard let text = PostgresJSONBWire.decode(bytes, isJSONB: cell.dataType == .jsonb) else { throw _UnreadableValue() }
            return text
        default: throw _UnreadableValue()
        }
    }

    func bytes(at column: Int32) throws(_UnreadableValue) -> Data? {
        guard let cell = cell(column), let bytes = cell.bytes else { return nil }
        guard cell.dataType == .bytea else { throw _UnreadableValue() }
        return Data(bytes.readableBytesView)
    }

    func boolean(at column: Int32) throws(_UnreadableValue) -> Bool? {
        guard let cell = cell(column), let bytes = cell.bytes else { return nil }
        if cell.format == .binary, cell.dataType == .bool, bytes.readableBytes == 1,
           let value = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) {
            return value != 0
        }
        guard cell.dataType == .bool, let value = try? cell.decode(Bool.self) else { throw _UnreadableValue() }
        return value
    }

    func uuid(at column: Int32) throws(_UnreadableValue) -> UUID? {
        guard let cell = cell(column), cell.bytes != nil else { return nil }
        guard cell.dataType == .uuid, let value = try? cell.decode(UUID.self) else { throw _UnreadableValue() }
        return value
    }

    func date(at column: Int32) throws(_UnreadableValue) -> Date? {
        try real(at: column).map(Date.init(timeIntervalSinceReferenceDate:))
    }

    func decimal(at column: Int32) throws(_UnreadableValue) -> Decimal? {
        guard let cell = cell(column), let bytes = cell.bytes else { return nil }
        guard cell.dataType == .numeric, let value = PostgresNumericWire.decode(bytes) else { throw _UnreadableValue() }
        return value
    }

    /// The cell in the engine's stored form: the form the SQLite store keeps each type in.
    func storedValue(at column: Int32) -> StoredValue {
        guard let cell = cell(column), cell.bytes != nil else { return .null }
        do {
            switch cell.dataType {
            case .int2, .int4, .int8: return try integer(at: column).map(StoredValue.integer) ?? .null
            case .float4, .float8: return try real(at: column).map(StoredValue.real) ?? .null
            case .bool: return try boolean(at: column).map { .integer($0 ? 1 : 0) } ?? .null
            case .numeric: return try decimal(at: column).map { .text($0._canonicalText) } ?? .null
            case .uuid: return try uuid(at: column).map { $0._storedValue } ?? .null
            case .bytea: return try bytes(at: column).map(StoredValue.bytes) ?? .null
            default: return try text(at: column).map(StoredValue.text) ?? .null
            }
        } catch {
            return .null
        }
    }
}
#endif
