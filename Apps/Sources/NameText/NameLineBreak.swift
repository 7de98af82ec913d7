import ControlCharacters
import Foundation

/// The rule for names in every tool: a name is one line. A tab or a line break in a card's,
/// contact's, type's or category's name is almost always a paste gone wrong, lines up no
/// listing, and can only be found again by typing it; notes and descriptions may keep several
/// lines. Names are refused with the character and where it is, on the command line and in
/// imports alike (getdiced also refuses every other control character, for its deck lists).
public struct NameLineBreak: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// What the name names, for the message: "card name", "event type name".
    public var what: String
    /// The name as given.
    public var name: String
    /// "a tab", "a line break".
    public var character: String
    /// The character as the message shows it: "\u{9}".
    public var escape: String
    /// Where it is, counting the name's characters from 1.
    public var position: Int

    /// Why `name` is not one line, or nil when it is.
    public init?(in name: String, what: String = "name") {
        for (offset, character) in name.enumerated() {
            guard let scalar = character.unicodeScalars.first(where: { Self.words(for: $0) != nil }),
                  let words = Self.words(for: scalar) else { continue }
            self.what = what
            self.name = name
            self.character = words
            self.escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            self.position = offset + 1
            return
        }
        return nil
    }

    /// "has a tab (\u{9}) at character 2: names are one line, without tabs or line breaks".
    public var reason: String {
        "has \(character) (\(escape)) at character \(position): names are one line, without tabs or line breaks"
    }

    /// The name as a message shows it: quoted, its control characters escaped.
    public var shown: String { "\"" + ControlCharacters.escaped(name).replacingOccurrences(of: "\u{2028}", with: "\\u{2028}")
        .replacingOccurrences(of: "\u{2029}", with: "\\u{2029}") + "\"" }

    public var description: String {
        "The \(what) \(shown) \(reason). Write it on one line. Nothing was changed."
    }

    public var errorDescription: String? { description }

    /// What a character that breaks a name's line is called; nil for every other.
    static func words(for scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09: "a tab"
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85: "a line break"
        case 0x2028: "a line separator"
        case 0x2029: "a paragraph separator"
        default: nil
        }
    }
}
