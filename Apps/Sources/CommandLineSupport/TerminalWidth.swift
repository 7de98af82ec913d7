/// How many columns of a terminal a text takes: the count of its characters, except that
/// East Asian wide characters (Chinese, Japanese, Korean) and emoji take two, and invisible
/// ones (a zero-width space, a lone accent) none. Columns
/// padded by the count of characters alone come out short after a name written in
/// those, and every cell to its right is pushed out of line.
public enum TerminalWidth {
    public static func of(_ text: String) -> Int {
        // Printable ASCII, most of what listings hold: a column a byte, without reading characters.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// One character (a grapheme cluster: a letter with its accents, an emoji sequence).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Drawn as nothing: a mark with no letter before it (a text that begins with an accent)
        // and the invisible format characters (zero-width space, joiners, direction marks, the
        // byte-order mark), each a character of its own, which counted a column each and put
        // every cell to their right out of line. The soft hyphen is drawn, as a hyphen.
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        case .format where first.value != 0xAD: return 0
        default: break
        }
        // A text-style symbol turned into an emoji by VS16 (U+FE0F) is drawn as one.
        if scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation { return 2 }
        return wide.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The ranges of East Asian Width W and F outside the emoji (Unicode's EastAsianWidth.txt, in brief).
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF,
        0x1B000...0x1B2FF, 0x20000...0x3FFFD,
    ]
}
