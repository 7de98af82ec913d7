import Foundation

/// Why a calendar file cannot be imported, naming the line, so that the user can open
/// the file at that line. Nothing is imported when one is thrown.
public struct ICSError: LocalizedError, Equatable, CustomStringConvertible {
    /// The line of the file (counting from 1) where the problem is; 0 for the file as a whole.
    public let line: Int
    public let message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String {
        "The calendar file cannot be imported, so nothing was imported: "
            + (line > 0 ? "line \(line): " : "") + message
    }

    public var errorDescription: String? { description }
}
