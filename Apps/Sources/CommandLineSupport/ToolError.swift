import Foundation

/// An error told to the user as it is: its text already is in the user's words.
public struct ToolError: LocalizedError, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var errorDescription: String? { message }
    public var description: String { message }
}
