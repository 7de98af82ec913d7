import Foundation

/// A value's JSON is an object with one key that names its kind: `{"t":"Lisbon"}`,
/// `{"i":3}`, `{"r":2.5}`, `{"b":"<base64>"}`, `{"id":"<sync ID>"}`, `{"ids":[…]}`, and
/// `{}` for no value. A stamped value adds its moment to the same object (`"at"`), so a
/// change's values cost little more than the values themselves.
///
/// The longer form of earlier releases (`{"text":{"_0":"Lisbon"}}`), which servers may
/// still hold in their logs, is read too.
extension SyncValue {
    enum WireKey: String, CodingKey, CaseIterable {
        case integer = "i", real = "r", text = "t", bytes = "b", reference = "id", references = "ids"
    }

    private enum EarlierKey: String, CodingKey {
        case null, integer, real, text, bytes, reference, references
    }

    private enum EarlierPayloadKey: String, CodingKey {
        case payload = "_0"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        if let key = WireKey.allCases.first(where: container.contains) {
            switch key {
            case .integer: self = .integer(try container.decode(Int64.self, forKey: key))
            case .real: self = .real(try container.decode(Double.self, forKey: key))
            case .text: self = .text(try container.decode(String.self, forKey: key))
            case .bytes: self = .bytes(try container.decode(Data.self, forKey: key))
            case .reference: self = .reference(try container.decode(UUID.self, forKey: key))
            case .references: self = .references(try container.decode([UUID].self, forKey: key))
            }
            return
        }
        let earlier = try decoder.container(keyedBy: EarlierKey.self)
        func payload<T: Decodable>(_ type: T.Type, _ key: EarlierKey) throws -> T {
            try earlier.nestedContainer(keyedBy: EarlierPayloadKey.self, forKey: key).decode(type, forKey: .payload)
        }
        if earlier.contains(.integer) {
            self = .integer(try payload(Int64.self, .integer))
        } else if earlier.contains(.real) {
            self = .real(try payload(Double.self, .real))
        } else if earlier.contains(.text) {
            self = .text(try payload(String.self, .text))
        } else if earlier.contains(.bytes) {
            self = .bytes(try payload(Data.self, .bytes))
        } else if earlier.contains(.reference) {
            self = .reference(try payload(UUID.self, .reference))
        } else if earlier.contains(.references) {
            self = .references(try payload([UUID].self, .references))
        } else {
            self = .null
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        switch self {
        case .null: break
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .real(let value): try container.encode(value, forKey: .real)
        case .text(let value): try container.encode(value, forKey: .text)
        case .bytes(let value): try container.encode(value, forKey: .bytes)
        case .reference(let value): try container.encode(value, forKey: .reference)
        case .references(let value): try container.encode(value, forKey: .references)
        }
    }
}
