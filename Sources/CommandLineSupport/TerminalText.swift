/// Text from a store, a file or a command line made safe to print in a terminal.
///
/// Stored text (names and notes from imports) may hold control characters: printed raw,
/// they move the cursor, recolour or retitle the user's terminal. And a name may be a
/// megabyte long: echoed whole, one message would fill the screen.
public enum TerminalText {
    /// `text` with control characters (C0, DEL and C1, and the bidirectional controls)
    /// shown as `\u{1B}` escapes.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` on one line (line breaks become spaces), escaped and at most `limit`
    /// characters long, ending in "…" when shortened: for a table cell or a name in a message.
    public static func shortened(_ text: String, to limit: Int) -> String {
        let line = escaped(oneLine(text))
        guard line.count > limit else { return line }
        return String(line.prefix(max(limit - 1, 0))) + "…"
    }

    /// A name or value the user gave or the store holds, as a message quotes it: escaped,
    /// on one line and shortened to 200 characters (a long path still shows whole).
    public static func quoted(_ text: String) -> String { shortened(text, to: 200) }

    /// A whole message: control characters other than line breaks and tabs escaped, and
    /// every line shortened to `lineLimit` characters. The last guard for what the
    /// argument parser or a library echoes of the user's input.
    public static func message(_ text: String, lineLimit: Int = 400) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var safe = ""
            for scalar in line.unicodeScalars {
                if scalar == "\t" || !isControl(scalar) {
                    safe.unicodeScalars.append(scalar)
                } else {
                    safe += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
            return safe.count > lineLimit ? String(safe.prefix(lineLimit - 1)) + "…" : safe
        }.joined(separator: "\n")
    }

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
    }

    /// C0, DEL and C1, and the bidirectional formatting characters (U+061C, U+200E, U+200F,
    /// U+202A to U+202E, U+2066 to U+2069): printed raw, a stored name with U+202E
    /// reverses the rest of the terminal's line, so a table or message shows other text
    /// than the store holds.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C || value == 0x200E || value == 0x200F
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

extension String {
    /// The string as a message quotes it: escaped, on one line, shortened (`TerminalText.quoted`).
    public var forTerminal: String { TerminalText.quoted(self) }
}
