#if PostgreSQL
import PostgresNIO

/// JSON text as a `JSONB` bind: PostgreSQL's binary form of `jsonb` is a version
/// byte (1) followed by the text.
struct PostgresJSONBWire: PostgresDynamicTypeEncodable {
    let text: String
    var psqlType: PostgresDataType { .jsonb }
    var psqlFormat: PostgresFormat { .binary }
    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeInteger(UInt8(1))
        byteBuffer.writeString(text)
    }

    /// The text of a binary `jsonb` cell, or of a `json` cell (which is text in either format).
    static func decode(_ buffer: ByteBuffer, isJSONB: Bool) -> String? {
        var buffer = buffer
        if isJSONB {
            guard buffer.readInteger(as: UInt8.self) == 1 else { return nil }
        }
        return buffer.readString(length: buffer.readableBytes)
    }
}
#endif
