import Foundation

/// Amounts as people type them, read exactly into `Decimal`.
public enum Money {
    /// The largest amount accepted: a quadrillion in any currency is a typing error.
    public static let limit = Decimal(string: "1000000000000000")!

    /// `1250.50`, `-300`, `1,250.5`: at most 8 decimals, below `limit`. Commas only group
    /// thousands: `1,5` is refused, not read as 15 (it is one and a half where the comma
    /// is the decimal mark).
    public static func parse(_ text: String) throws -> Decimal {
        let spaced = text.trimmingCharacters(in: .whitespaces)
        let grouped = /^[+-]?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]+)?$/
        if spaced.contains(","), spaced.wholeMatch(of: grouped) == nil {
            throw SnapshotError.decimalComma(text)
        }
        let trimmed = spaced.replacingOccurrences(of: ",", with: "")
        let pattern = /^[+-]?[0-9]+(\.[0-9]{1,8})?$/
        guard trimmed.wholeMatch(of: pattern) != nil,
              let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")),
              abs(value) < limit else {
            throw SnapshotError.invalidAmount(text)
        }
        return value
    }

    /// Plain decimal text ("1250.5"), as exports and JSON write amounts.
    public static func text(_ value: Decimal) -> String {
        NSDecimalNumber(decimal: value).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }

    /// Rounded to cents and grouped ("1,250.50"), for tables.
    public static func display(_ value: Decimal, places: Int = 2) -> String {
        var value = value, rounded = Decimal()
        NSDecimalRound(&rounded, &value, places, .bankers)
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.minimumFractionDigits = places
        formatter.maximumFractionDigits = places
        return formatter.string(from: NSDecimalNumber(decimal: rounded)) ?? text(rounded)
    }
}

/// Currency codes of ISO 4217 in use, kept uppercase.
public enum CurrencyCode {
    public static func parse(_ text: String) throws -> String {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { throw AssetError.invalidCurrency(text) }
        guard ISO4217.codes.contains(code) else { throw AssetError.unknownCurrency(text) }
        return code
    }
}
