import Foundation

/// The JSON form of attributes that are neither primitives nor raw-value enums:
/// arrays, dictionaries, structs and enums with associated values.
///
/// Keys are sorted so that equal values are stored as equal text, which is what
/// makes equality comparisons on such columns work in SQL.
public enum JSONValue {
    /// The JSON text a `Codable` attribute value is stored as.
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        if T.self == [String].self { return StringArrayJSON.encode(value as! [String]) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The value stored as JSON text.
    public static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        if T.self == [String].self, let strings = StringArrayJSON.decode(text) { return strings as! T }
        return try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
