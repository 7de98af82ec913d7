import Foundation

/// Prints `value` as pretty JSON on standard output, keys sorted, dates in ISO 8601.
/// JSON escapes control characters itself, so stored text needs nothing more.
public func printJSON<Value: Encodable>(_ value: Value) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
