/// Why a JSON text cannot be read as it is, and where: the line, and the key path of the
/// value (empty for a syntax error, or a problem of the whole document).
public struct JSONTextProblem: Error, Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        case key(String)
        /// An element of an array, counting from 0.
        case index(Int)
    }

    /// The line of the problem, counting from 1.
    public var line: Int
    /// The keys and array elements that lead to the value; empty for a syntax error.
    public var path: [Step]
    /// What is wrong, in words, ending without a full stop.
    public var reason: String

    /// Whether the text is not JSON at all, as opposed to JSON that cannot be taken as it is.
    public var isSyntax: Bool

    /// The reason given for a text with nothing but white space (and a byte order mark) in it.
    public static let emptyFileReason = "the file is empty"

    /// Whether the text holds nothing but white space: no document at all, which an import
    /// says as such rather than as JSON broken at its first line.
    public var isEmptyFile: Bool { isSyntax && reason == Self.emptyFileReason }

    public init(line: Int, path: [Step], reason: String, isSyntax: Bool) {
        self.line = line
        self.path = path
        self.reason = reason
        self.isSyntax = isSyntax
    }

    /// The path as `cards[0].usageHistory[2].valueRedeemed`.
    public var dottedPath: String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
