/// The characters a terminal acts on instead of showing, and how a message shows them
/// instead: one rule for the command-line layer (`TerminalText`) and for the apps'
/// libraries that write paths and names into their own error messages.
public enum ControlCharacters {
    /// C0, DEL and C1, and the bidirectional formatting characters (U+061C, U+200E, U+200F,
    /// U+202A to U+202E, U+2066 to U+2069): printed raw, a stored name with U+202E
    /// reverses the rest of the terminal's line, and a line break in a path makes a
    /// message show another path than the file's.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C || value == 0x200E || value == 0x200F
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// `text` with each control character shown as a `\u{1B}` escape.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if contains(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
