import Foundation

// SwiftData's schema types are `CustomDebugStringConvertible`; here the debug text is
// what the encoded form holds, readable at a glance.

extension Schema.Attribute: CustomDebugStringConvertible {
    /// The attribute's name, type, optionality and options.
    public var debugDescription: String {
        "Attribute \(name): \(valueType)" + (options.isEmpty ? "" : " " + options.map(\.debugDescription).joined(separator: ", "))
    }
}

extension Schema.Attribute.Option: CustomDebugStringConvertible {
    /// The option as it is encoded: its name, and a transformer's name after `transformable:`.
    public var debugDescription: String { encodedName }
}

extension Schema.Relationship: CustomDebugStringConvertible {
    /// The relationship's name, destination, delete rule and inverse.
    public var debugDescription: String {
        "Relationship \(description) (\(deleteRule.rawValue)" + (inverseName.map { ", inverse \($0)" } ?? "") + ")"
    }
}

extension Schema.Relationship.Option: CustomDebugStringConvertible {
    /// The option's name.
    public var debugDescription: String { name }
}
