import Foundation

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
