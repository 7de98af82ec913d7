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
        name.precomposedStringWithCanonicalMapping.uppercased().lowercased().precomposedStringWithCanonicalMapping
    }
}
