#if PostgreSQL
import Foundation
import OpenSwiftData
import PostgresNIO

extension PostgresValue {
    /// Appends the value to a statement's binds, in the column type its case names; an
    /// array with a value of another type than its elements' is refused.
    func append(to bindings: inout PostgresBindings) throws(PostgresStoreError) {
        switch self {
        case .null: bindings.appendNull()
        case let .bigint(value): bindings.append(value)
        case let .double(value): bindings.append(value)
        case let .boolean(value): bindings.append(value)
        case let .text(value): bindings.append(value)
        case let .numeric(value): bindings.append(PostgresNumericWire.Bind(text: value._canonicalText))
        case let .uuid(value): bindings.append(value)
        case let .bytea(value): bindings.append(ByteBuffer(bytes: value))
        case let .jsonb(value): bindings.append(PostgresJSONBWire(text: value))
        case let .array(type, values):
            do {
                try bindings.append(PostgresArrayWire(elementType: type, values: values), context: .default)
            } catch let error as PostgresStoreError {
                throw error
            } catch {
                throw .valueNotEncodable(typeName: "\(type.sqlName) array", reason: "\(error)")
            }
        }
    }

    /// Reads a result cell. Integers of any width read as `.bigint` (a `BIGINT[]`
    /// without NULLs as an array of them), `REAL` as `.double`, `json` and `jsonb` as
    /// `.jsonb`, and the text types (and `VOID`, which a call like
    /// `pg_advisory_xact_lock` returns, as `.null`).
    init(cell: PostgresCell) throws(PostgresStoreError) {
        guard let bytes = cell.bytes else {
            self = .null
            return
        }
        if cell.format == .binary, let value = Self.fixedWidth(bytes, cell.dataType) {
            self = value
            return
        }
        let value: PostgresValue?
        switch cell.dataType {
        case .int2, .int4, .int8: value = (try? cell.decode(Int64.self)).map(PostgresValue.bigint)
        case .float4, .float8: value = (try? cell.decode(Double.self)).map(PostgresValue.double)
        case .bool: value = (try? cell.decode(Bool.self)).map(PostgresValue.boolean)
        case .numeric: value = PostgresNumericWire.decode(bytes).map(PostgresValue.numeric)
        case .uuid: value = (try? cell.decode(UUID.self)).map(PostgresValue.uuid)
        case .bytea: value = .bytea(Data(bytes.readableBytesView))
        case .jsonb, .json: value = PostgresJSONBWire.decode(bytes, isJSONB: cell.dataType == .jsonb).map(PostgresValue.jsonb)
        case .text, .varchar, .name, .bpchar: value = (try? cell.decode(String.self)).map(PostgresValue.text)
        case .int8Array: value = (try? cell.decode([Int64].self)).map { .array(.bigint, $0.map(PostgresValue.bigint)) }
        case .void: value = .null
        default: value = nil
        }
        guard let value else {
            throw .unreadableColumn(column: cell.columnName, typeName: cell.dataType.knownSQLName ?? "type \(cell.dataType.rawValue)")
        }
        self = value
    }

    /// A binary `BIGINT`, `INTEGER`, `DOUBLE PRECISION` or `BOOLEAN` cell read from its
    /// bytes: the most common cells, for which the generic decoding took most of a
    /// fetch's time on the client. Nil for other types, or bytes of another length.
    private static func fixedWidth(_ bytes: ByteBuffer, _ type: PostgresDataType) -> PostgresValue? {
        let start = bytes.readerIndex
        switch (type, bytes.readableBytes) {
        case (.int8, 8): return bytes.getInteger(at: start, as: Int64.self).map(PostgresValue.bigint)
        case (.int4, 4): return bytes.getInteger(at: start, as: Int32.self).map { .bigint(Int64($0)) }
        case (.float8, 8): return bytes.getInteger(at: start, as: UInt64.self).map { .double(Double(bitPattern: $0)) }
        case (.bool, 1): return bytes.getInteger(at: start, as: UInt8.self).map { .boolean($0 != 0) }
        default: return nil
        }
    }
}
#endif
