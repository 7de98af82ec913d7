import Foundation

/// Something a fuzz input showed to be wrong: a message in programmer's words, a parse
/// error that does not say where, or SQL that selects other rows than Swift does.
public struct Finding: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
