import Foundation

/// Which texts an ASCII case-insensitive contains in SQL decides exactly as Foundation's
/// `localizedStandardContains` does, for a search that is itself printable ASCII.
///
/// Letters, digits and punctuation always: no diacritic to ignore, no case that folds
/// beyond ASCII. Control characters (tab, line feed, U+0001 to U+001F, delete) too when
/// this process's Foundation treats each as a character of its own, as swift-foundation
/// on Linux does: neither ignored (`"a\tb"` does not contain `"ab"`) nor taken for a
/// space (`"a\tb"` does not contain `"a b"`). Case and diacritic folding map no control
/// character to anything else; a collation that ignored them would match where SQL does
/// not, so the rule asks Foundation once (about a hundred searches, a fraction of a
/// millisecond) rather than assuming.
enum ASCIISearchRule {
    /// Whether SQL decides texts holding ASCII control characters; when false, it decides
    /// only texts of printable ASCII.
    static let decidesControlCharacters: Bool = {
        let controls = (0x01...0x1F).map { Character(Unicode.Scalar(UInt8($0))) } + [Character(Unicode.Scalar(0x7F))]
        return controls.allSatisfy { control in
            let text = "a\(control)b"
            return text.localizedStandardContains("a\(control)b")
                && !text.localizedStandardContains("ab")
                && !text.localizedStandardContains("a b")
        }
    }()
}
