#if PostgreSQL
import Foundation
import OpenSwiftData

/// A deleted row's preserved values (`@Attribute(.preserveValueOnDeletion)`) as the
/// history keeps them in a delete's detail: a JSON object of each attribute's stored
/// value tagged with its form, so that an integer stays an integer and bytes stay bytes.
enum PostgresTombstone {
    /// `{"name": ["t", "Ada"], "age": ["i", "36"], …}`: integers and reals as text, so that
    /// JSON's numbers cannot round them; bytes in Base64; null as `["n"]`.
    static func encode(_ values: [(name: String, value: StoredValue)]) -> String? {
        guard !values.isEmpty else { return nil }
        var object: [String: [String]] = [:]
        for (name, value) in values {
            object[name] = switch value {
            case .null: ["n"]
            case let .integer(number): ["i", String(number)]
            case let .real(number): ["r", "\(number)"]
            case let .text(text): ["t", text]
            case let .bytes(data): ["b", data.base64EncodedString()]
            }
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The values of a detail `encode` wrote; none from one it did not.
    static func decode(_ detail: String) -> [(name: String, value: StoredValue)] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(detail.utf8)) as? [String: [String]] else { return [] }
        return object.sorted { $0.key < $1.key }.compactMap { name, tagged in
            guard let tag = tagged.first else { return nil }
            let text = tagged.count > 1 ? tagged[1] : ""
            let value: StoredValue? = switch tag {
            case "n": .null
            case "i": Int64(text).map(StoredValue.integer)
            case "r": Double(text).map(StoredValue.real)
            case "t": .text(text)
            case "b": Data(base64Encoded: text).map(StoredValue.bytes)
            default: nil
            }
            return value.map { (name, $0) }
        }
    }
}
#endif
