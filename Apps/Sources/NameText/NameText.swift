import Foundation

/// The one rule every tool compares names by: canonically composed (NFC: "é" typed as one
/// character or as "e" and an accent are one name, as macOS file names and some keyboards
/// give the second) and with case folded fully ("Straße" and "STRASSE" are one name, where
/// `lowercased()` keeps "ß" and makes "ss" of "SS").
public enum NameText {
    /// The key two names are equal by. Upper case then lower case folds as Unicode's full
    /// case folding does for names ("ß" → "SS" → "ss", "ﬁ" → "FI" → "fi", "ς" → "Σ" → "σ");
    /// composing before and after keeps the key the same for either spelling of an accent.
    public static func key(_ name: String) -> String {
        var visible = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in name.unicodeScalars where !isInvisible(scalar) {
            // A joiner after an ASCII character (or at the start) joins nothing: "A\u{200D}B" prints as "AB".
            if scalar.value == 0x200C || scalar.value == 0x200D, previous.map({ $0.isASCII }) ?? true { continue }
            visible.append(scalar)
            previous = scalar
        }
        return String(visible).precomposedStringWithCanonicalMapping.uppercased().lowercased().precomposedStringWithCanonicalMapping
    }

    /// Whether `text` is blank, empty or spaces alone: what an optional name (a nickname, a
    /// platform) takes as none. A text of characters that show nothing but are not spaces (a
    /// zero-width space) is not blank, and ``showsSomething(_:)`` refuses it.
    public static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }

    /// Whether `name` shows anything: a letter, a digit, a punctuation mark or a symbol (or a
    /// character for private use, which fonts draw as a logo). Spaces, the characters `key`
    /// drops, joiners, fillers, variation selectors and accents with nothing to sit on show
    /// nothing, and a name of only those could not be told from no name in a listing, nor
    /// typed again to find it.
    public static func showsSomething(_ name: String) -> Bool {
        name.unicodeScalars.contains(where: isShown)
    }

    static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        // Default-ignorable characters (U+3164 HANGUL FILLER among them, though a letter) are
        // drawn as nothing; U+2800 is the blank braille pattern.
        guard !scalar.properties.isDefaultIgnorableCodePoint, scalar.value != 0x2800 else { return false }
        return switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .privateUse:
            true
        default:
            false
        }
    }

    /// Characters no font draws and that join nothing: a zero-width space (U+200B), a word
    /// joiner (U+2060), a zero-width no-break space (U+FEFF), a soft hyphen (U+00AD), the
    /// Mongolian vowel separator (U+180E) and the invisible operators (U+2061 to U+2064).
    /// "Te\u{200B}a" prints as "Tea" and is that name. The joiners U+200C and U+200D are kept
    /// after a character that is not ASCII: there they change what a name looks like (an
    /// emoji family, a ligature in Persian or Hindi).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x180E, 0x200B, 0x2060...0x2064, 0xFEFF: true
        default: false
        }
    }
}
