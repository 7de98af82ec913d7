import Foundation

/// One bad command line: what it is, the arguments, and a few words the error must
/// contain (in any letter case), so that the message names the problem.
public struct BadInput: Sendable, CustomStringConvertible {
    public let name: String
    public let arguments: [String]
    public let says: String

    public init(_ name: String, _ arguments: [String], says: String) {
        self.name = name
        self.arguments = arguments
        self.says = says
    }

    public var description: String { name }

    /// 100,000 characters, as a name no one types. A megabyte cannot be passed at all:
    /// Linux refuses to start a program with an argument over 128 KiB (MAX_ARG_STRLEN).
    public static let huge = String(repeating: "A", count: 100_000)

    /// `arguments` with every "{key}" replaced by its value (an ID the test made).
    public func filled(_ values: [String: String]) -> [String] {
        arguments.map { argument in
            values.reduce(argument) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }
    }
}
