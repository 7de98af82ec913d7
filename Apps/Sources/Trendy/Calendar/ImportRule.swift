import Foundation

/// Maps calendar events to an event type by their summary: the first rule whose
/// pattern the summary contains (ignoring case and accents) decides the type.
public struct ImportRule: Equatable, Sendable {
    public var pattern: String
    public var typeName: String

    public init(pattern: String, typeName: String) {
        self.pattern = pattern
        self.typeName = typeName
    }

    /// `pattern=Type`, as `trendy import-ics --rule` takes it.
    public init?(parsing text: String) {
        // By Unicode scalars: a type name that begins with a combining mark is one character with the "=".
        let scalars = text.unicodeScalars
        guard let equals = scalars.lastIndex(of: "=") else { return nil }
        let pattern = String(scalars[..<equals]).trimmingCharacters(in: .whitespaces)
        let typeName = String(scalars[scalars.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
        guard !pattern.isEmpty, !typeName.isEmpty else { return nil }
        self.init(pattern: pattern, typeName: typeName)
    }

    public func matches(_ summary: String) -> Bool {
        summary.range(of: pattern, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}
