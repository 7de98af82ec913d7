import Foundation

/// Why a template file was refused. The whole file is refused: a catalog is never
/// partly loaded.
public enum TemplateError: LocalizedError, Equatable, Sendable {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The file is not JSON.
    case notJSON(file: String)
    /// The value at `keyPath` (such as `cards[2].benefits[0].frequency`) is wrong.
    case invalid(file: String, keyPath: String, problem: String)

    public var errorDescription: String? {
        switch self {
        case let .unreadable(file, reason): "The template file \(file) cannot be read: \(reason)."
        case let .notJSON(file): "The template file \(file) is not valid JSON."
        case let .invalid(file, keyPath, problem):
            "The template file \(file) is not valid at \(keyPath.isEmpty ? "its top level" : keyPath): \(problem). Nothing was loaded from it."
        }
    }

    /// Key paths are written as a user reads the file: `cards[2].benefits[0].value`.
    static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

/// A problem found while decoding, before the file's name is known; `CardDatabase.load`
/// names the file.
struct TemplateProblem: Error {
    let keyPath: String
    let problem: String

    init(_ path: [any CodingKey], _ problem: String) {
        keyPath = TemplateError.keyPath(path)
        self.problem = problem
    }

    /// Foundation's decoding errors, retold without Swift type names.
    init(_ error: DecodingError) {
        switch error {
        case let .keyNotFound(key, context):
            self.init(context.codingPath + [key], "the key is missing")
        case let .valueNotFound(type, context):
            self.init(context.codingPath, "it is null but must be \(Self.kind(of: type))")
        case let .typeMismatch(type, context):
            self.init(context.codingPath, "it must be \(Self.kind(of: type))")
        case let .dataCorrupted(context):
            self.init(context.codingPath, context.codingPath.isEmpty ? "the file is not valid JSON" : "its value cannot be read")
        @unknown default:
            self.init([], "the file cannot be read")
        }
    }

    static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type: "a whole number"
        case is Decimal.Type, is Double.Type: "a number"
        default: "\(type)".hasPrefix("Array") ? "a list" : "an object"
        }
    }
}

extension KeyedDecodingContainer {
    /// A UUID written as text.
    func uuid(_ key: Key) throws -> UUID {
        let text = try decode(String.self, forKey: key)
        guard let id = UUID(uuidString: text) else {
            throw TemplateProblem(codingPath + [key], "'\(text)' is not a UUID such as 550e8400-e29b-41d4-a716-446655440001")
        }
        return id
    }

    /// An ISO 8601 moment (`2026-01-18T00:00:00Z`), nil when the key is absent.
    func moment(_ key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        if let date = formatter.date(from: text) { return date }
        throw TemplateProblem(codingPath + [key], "'\(text)' is not a moment such as 2026-01-18T00:00:00Z")
    }

    /// One of an enumeration's raw values.
    func oneOf<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ key: Key) throws -> E where E.RawValue == String {
        let text = try decode(String.self, forKey: key)
        guard let value = E(rawValue: text) else {
            let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw TemplateProblem(codingPath + [key], "'\(text)' is not one of \(allowed)")
        }
        return value
    }
}

extension CodingUserInfoKey {
    /// The moment that stands for a card template's missing `lastUpdated`.
    static let templateDefaultDate = CodingUserInfoKey(rawValue: "CouponTracker.templateDefaultDate")!
}
