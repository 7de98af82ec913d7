import Foundation

/// What a stored value should have been, and why it is not, in words anyone reading an
/// error knows. A value a store holds that cannot be read is reported to the people using
/// an app, who know "a list of text" and "not valid JSON", not `Array<String>` or a
/// `DecodingError`'s debug description; the property's name says the rest.
enum ValueKindWords {
    /// "text", "a whole number", "a list of dates", ...: what a value of `type` is.
    static func words(for type: Any.Type) -> String {
        if let optional = type as? any _OptionalType.Type { return words(for: optional._wrappedType) }
        if let array = type as? any _ArrayKeyPaths.Type { return "a list of " + plural(array._elementType) }
        return kind(of: type).words.one
    }

    /// Why a stored value could not be decoded, from the decoder's error: the part of the
    /// value that is wrong, never the decoder's own description; nil when the error says
    /// no more than that the value is not of its kind.
    static func reason(_ error: any Error) -> String? {
        if error is _UnreadableValue || error is ValueCodecError { return nil }
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON" : "its \(path(context.codingPath)) cannot be read"
        case .typeMismatch(let type, let context):
            return "\(part(context.codingPath)) is not \(words(for: type))"
        case .valueNotFound(let type, let context):
            return "\(part(context.codingPath)) holds no value where \(words(for: type)) is needed"
        case .keyNotFound(let key, let context):
            return "\(part(context.codingPath + [key])) is missing"
        @unknown default:
            return "it cannot be read"
        }
    }

    private enum Kind {
        case text, wholeNumber, number, decimal, trueOrFalse, date, uuid, bytes, url, namedValue, other

        /// A value of the kind, and the elements of a list of them.
        var words: (one: String, many: String) {
            switch self {
            case .text: ("text", "text")
            case .wholeNumber: ("a whole number", "whole numbers")
            case .number: ("a number", "numbers")
            case .decimal: ("a decimal number", "decimal numbers")
            case .trueOrFalse: ("true or false", "true or false values")
            case .date: ("a date", "dates")
            case .uuid: ("a UUID", "UUIDs")
            case .bytes: ("bytes", "bytes")
            case .url: ("a URL", "URLs")
            case .namedValue: ("one of the values it can take", "values of their kind")
            case .other: ("a value of its kind", "values of their kind")
            }
        }
    }

    private static func kind(of type: Any.Type) -> Kind {
        switch type {
        case is String.Type, is Substring.Type, is Character.Type: .text
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
             is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type: .wholeNumber
        case is Double.Type, is Float.Type: .number
        case is Decimal.Type: .decimal
        case is Bool.Type: .trueOrFalse
        case is Date.Type: .date
        case is UUID.Type: .uuid
        case is Data.Type: .bytes
        case is URL.Type: .url
        case is any RawRepresentable.Type: .namedValue
        default: .other
        }
    }

    /// "text", "whole numbers", ...: the elements of a list.
    private static func plural(_ type: Any.Type) -> String {
        if let array = type as? any _ArrayKeyPaths.Type { return "lists of " + plural(array._elementType) }
        return kind(of: type).words.many
    }

    /// "it", "its address.city", "its item 3": where in the value the decoder was.
    private static func part(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "it" : "its " + path(codingPath)
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        if codingPath.count == 1, let index = codingPath[0].intValue { return "item \(index + 1)" }
        var path = ""
        for key in codingPath {
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
        return path
    }
}
