import Foundation

/// An amount as the tools take it on the command line: ASCII digits with at most one
/// decimal point, at least one digit, and a `+` or `-` in front if any (`12`, `12.50`,
/// `.5`, `12.`, `+5`, `-3`), spaces around it ignored. Nothing else: no exponent, no
/// grouping, no other script's digits, no second point or sign.
///
/// `Decimal(string:)` alone reads the longest number at the start and drops the rest,
/// so `1-2` would be 1 and `1.2.3` 1.2, stored without a word.
public enum AmountText {
    /// The amount `text` spells exactly, or nil.
    public static func decimal(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // By scalar: a digit with a combining mark is one `Character` that sorts among the digits.
        var digits = Substring(trimmed).unicodeScalars[...]
        if let sign = digits.first, sign == "+" || sign == "-" { digits = digits.dropFirst() }
        guard digits.contains(where: isDigit), digits.allSatisfy({ isDigit($0) || $0 == "." }),
              digits.filter({ $0 == "." }).count <= 1 else { return nil }
        // `Decimal(string:)` reads neither a leading `+` nor, everywhere, a trailing point.
        var plain = String(digits)
        if plain.hasSuffix(".") { plain.removeLast() }
        if plain.hasPrefix(".") { plain = "0" + plain }
        guard let value = Decimal(string: plain, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return trimmed.hasPrefix("-") ? -value : value
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
