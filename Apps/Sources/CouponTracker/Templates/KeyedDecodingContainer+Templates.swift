import Foundation

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
