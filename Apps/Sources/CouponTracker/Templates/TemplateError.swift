import Foundation
import JSONText

/// Why a template file was refused. The whole file is refused: a catalog is never
/// partly loaded.
public enum TemplateError: LocalizedError, Equatable, Sendable {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The file is not JSON from this line on.
    case notJSON(file: String, line: Int, reason: String)
    /// Valid JSON with a number its field cannot take (``JSONText/numberThatDoesNotFit``).
    case numberDoesNotFit(file: String)
    /// Nothing but white space in the file.
    case emptyFile(file: String)
    /// The value at `keyPath` (such as `cards[2].benefits[0].frequency`) is wrong.
    case invalid(file: String, keyPath: String, problem: String)

    public var errorDescription: String? {
        switch self {
        case let .unreadable(file, reason): "The template file \(file) cannot be read: \(reason)."
        case let .notJSON(file, line, reason): "The template file \(file) is not valid JSON at line \(line): \(reason)."
        case let .numberDoesNotFit(file): "The template file \(file) cannot be read: \(JSONText.numberThatDoesNotFit). Nothing was loaded from it."
        case let .emptyFile(file): "The template file \(file) is empty: give a card-template file (JSON). Nothing was loaded from it."
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
