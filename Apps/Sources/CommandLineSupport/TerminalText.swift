import ControlCharacters

/// Text from a store, a file or a command line made safe to print in a terminal.
///
/// Stored text (names and notes from imports) may hold control characters: printed raw,
/// they move the cursor, recolour or retitle the user's terminal. And a name may be a
/// megabyte long: echoed whole, one message would fill the screen.
public enum TerminalText {
    /// `text` with control characters (C0, DEL and C1, and the bidirectional controls)
    /// shown as `\u{1B}` escapes.
    public static func escaped(_ text: String) -> String { ControlCharacters.escaped(text) }

    /// `text` on one line (line breaks become spaces), escaped and at most `limit`
    /// characters long, ending in "…" when shortened: for a table cell or a name in a message.
    public static func shortened(_ text: String, to limit: Int) -> String {
        let line = escaped(oneLine(text))
        guard line.count > limit else { return line }
        return String(line.prefix(max(limit - 1, 0))) + "…"
    }

    /// A name, path or value the user gave or the store holds, as a message quotes it:
    /// escaped and shortened to 200 characters. A line break is escaped too (`\u{A}`), not
    /// made a space: the quote shows the text as it is, so a path with one can be told
    /// from a path with a space.
    public static func quoted(_ text: String) -> String {
        let line = escaped(text)
        guard line.count > 200 else { return line }
        return String(line.prefix(199)) + "…"
    }

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

    /// `text` with each line break (`\r\n`, `\n` or `\r`) made one space. Read a scalar at a
    /// time, and not at all for a text without one: a table calls it for every cell.
    private static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return text }
        var line = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": line.append(" ")
            case "\n": if !afterCarriageReturn { line.append(" ") }
            default: line.append(scalar)
            }
            afterCarriageReturn = scalar == "\r"
        }
        return String(line)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool { ControlCharacters.contains(scalar) }
}

extension String {
    /// The string as a message quotes it: escaped, on one line, shortened (`TerminalText.quoted`).
    public var forTerminal: String { TerminalText.quoted(self) }
}
