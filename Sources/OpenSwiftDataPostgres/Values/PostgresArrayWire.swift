#if PostgreSQL
import Foundation
import PostgresNIO

/// One column of many rows as a single array bind, for statements that read their
/// rows from `unnest`: a save of 100,000 rows is then a statement of one bind per
/// column, which the server parses once, rather than 100 statements of 5,000 binds.
///
/// Arrays go in PostgreSQL's binary form (`src/backend/utils/adt/arrayfuncs.c`:
/// dimensions, a has-nulls flag, the element type, each dimension's length and lower
/// bound, then each element as a length, -1 for NULL, and its bytes), except `NUMERIC`,
/// whose binds are text (see ``PostgresNumericWire``): its array goes as an array literal.
struct PostgresArrayWire: PostgresThrowingDynamicTypeEncodable {
    let elementType: PostgresColumnType
    let values: [PostgresValue]

    var psqlType: PostgresDataType { Self.arrayType(of: elementType) }
    var psqlFormat: PostgresFormat { elementType == .numeric ? .text : .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) throws {
        if elementType == .numeric { return try encodeLiteral(into: &byteBuffer) }
        byteBuffer.writeInteger(Int32(1))
        byteBuffer.writeInteger(Int32(values.contains { if case .null = $0 { true } else { false } } ? 1 : 0))
        byteBuffer.writeInteger(Self.elementDataType(of: elementType).rawValue)
        byteBuffer.writeInteger(Int32(values.count))
        byteBuffer.writeInteger(Int32(1))
        byteBuffer.reserveCapacity(minimumWritableBytes: values.count * 12)
        for value in values {
            switch (elementType, value) {
            case (_, .null): byteBuffer.writeInteger(Int32(-1))
            case let (.bigint, .bigint(integer)):
                byteBuffer.writeInteger(Int32(8))
                byteBuffer.writeInteger(integer)
            case let (.doublePrecision, .double(double)):
                byteBuffer.writeInteger(Int32(8))
                byteBuffer.writeInteger(double.bitPattern)
            case let (.boolean, .boolean(bool)):
                byteBuffer.writeInteger(Int32(1))
                byteBuffer.writeInteger(UInt8(bool ? 1 : 0))
            case let (.uuid, .uuid(uuid)):
                byteBuffer.writeInteger(Int32(16))
                withUnsafeBytes(of: uuid.uuid) { _ = byteBuffer.writeBytes($0) }
            case let (.text, .text(text)):
                byteBuffer.writeInteger(Int32(text.utf8.count))
                byteBuffer.writeString(text)
            case let (.bytea, .bytea(data)):
                byteBuffer.writeInteger(Int32(data.count))
                byteBuffer.writeBytes(data)
            case let (.jsonb, .jsonb(text)):
                byteBuffer.writeInteger(Int32(text.utf8.count + 1))
                byteBuffer.writeInteger(UInt8(1))
                byteBuffer.writeString(text)
            default: throw PostgresStoreError.valueOfWrongType(expected: elementType.sqlName, found: value.columnType?.sqlName ?? "an array")
            }
        }
    }

    /// `{1.5,NULL,2}`: decimals' canonical text needs no quoting.
    private func encodeLiteral(into byteBuffer: inout ByteBuffer) throws {
        byteBuffer.writeString("{")
        for (index, value) in values.enumerated() {
            if index > 0 { byteBuffer.writeString(",") }
            switch value {
            case .null: byteBuffer.writeString("NULL")
            case let .numeric(decimal): byteBuffer.writeString(decimal._canonicalText)
            default: throw PostgresStoreError.valueOfWrongType(expected: elementType.sqlName, found: value.columnType?.sqlName ?? "an array")
            }
        }
        byteBuffer.writeString("}")
    }

    private static func elementDataType(of type: PostgresColumnType) -> PostgresDataType {
        switch type {
        case .bigint: .int8
        case .doublePrecision: .float8
        case .boolean: .bool
        case .text: .text
        case .numeric: .numeric
        case .uuid: .uuid
        case .bytea: .bytea
        case .jsonb: .jsonb
        }
    }

    private static func arrayType(of type: PostgresColumnType) -> PostgresDataType {
        switch type {
        case .bigint: .int8Array
        case .doublePrecision: .float8Array
        case .boolean: .boolArray
        case .text: .textArray
        case .numeric: .numericArray
        case .uuid: .uuidArray
        case .bytea: .byteaArray
        case .jsonb: .jsonbArray
        }
    }
}
#endif
