import Foundation
import ControlCharacters

/// A control character in a name that came from a file: the command line refuses them in
/// every argument, so a name holding one (an escape, a bell, a NUL) could never be typed to
/// rename, delete or use what it names. Imports refuse it, with the character and where it is.
/// Tabs and line breaks are `NameLineBreak`'s.
public struct NameControlCharacter: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The name as given.
    public var name: String
    /// The character as the message shows it: "\u{1B}".
    public var escape: String
    /// Where it is, counting the name's characters from 1.
    public var position: Int

    /// The first control character of `name` that is not a tab or a line break, or nil.
    public init?(in name: String) {
        for (offset, character) in name.enumerated() {
            guard let scalar = character.unicodeScalars.first(where: Self.isRefused) else { continue }
            self.name = name
            self.escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            self.position = offset + 1
            return
        }
        return nil
    }

    /// "has a control character (\u{1B}) at character 3: ...".
    public var reason: String {
        "has a control character (\(escape)) at character \(position): names are plain text, which the command line "
            + "can type to find them again"
    }

    /// The name as a message shows it: quoted, its control characters escaped.
    public var shown: String { "\"" + ControlCharacters.escaped(name) + "\"" }

    public var description: String { "The name \(shown) \(reason). Nothing was changed." }

    public var errorDescription: String? { description }

    /// C0 but for tabs and line breaks, DEL and C1: what the command line refuses in an argument.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        guard NameLineBreak.words(for: scalar) == nil else { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
