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
        if spaced.contains(","), !Self.groupsThousands(spaced) {
            throw SnapshotError.decimalComma(text)
        }
        let trimmed = spaced.replacingOccurrences(of: ",", with: "")
        guard Self.isPlainAmount(trimmed),
              let value = Decimal(string: Self.withDigitsAroundThePoint(trimmed), locale: Locale(identifier: "en_US_POSIX")),
              abs(value) < limit else {
            throw SnapshotError.invalidAmount(text)
        }
        return value
    }

    // The two shapes are checked by hand rather than by `Regex` literals: a literal is
    // compiled again on every call, which was a fifth of an import of 1,000 values.

    /// `[+-]digits[.0 to 8 digits]` or `[+-].1 to 8 digits`: the forms the other tools take
    /// too (`.5`, `12.`, `+5`; `CommandLineSupport`'s `AmountText`).
    static func isPlainAmount(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let whole = bytes.prefix { isDigit($0) }
        let rest = bytes.dropFirst(whole.count)
        guard let point = rest.first else { return !whole.isEmpty }
        let fraction = rest.dropFirst()
        return point == UInt8(ascii: ".") && (!whole.isEmpty || !fraction.isEmpty) && fraction.count <= 8
            && fraction.allSatisfy(isDigit)
    }

    /// A plain amount with a digit on each side of its point (`.5` as `0.5`, `12.` as
    /// `12`), which is how `Decimal(string:)` reads one whole.
    static func withDigitsAroundThePoint(_ text: String) -> String {
        var text = text
        if text.hasSuffix(".") { text.removeLast() }
        for sign in ["", "+", "-"] where text.hasPrefix(sign + ".") {
            text.insert("0", at: text.index(text.startIndex, offsetBy: sign.count))
            break
        }
        return text
    }

    /// `[+-]1 to 3 digits(,3 digits)+[.digits]`: commas that group thousands.
    static func groupsThousands(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let amount = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        if amount.count == 2, amount[1].isEmpty || !amount[1].allSatisfy(isDigit) { return false }
        let groups = amount[0].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard groups.count >= 2, let lead = groups.first, (1...3).contains(lead.count) else { return false }
        return groups.allSatisfy { $0.allSatisfy(isDigit) } && groups.dropFirst().allSatisfy { $0.count == 3 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Plain decimal text ("1250.5"), as exports and JSON write amounts.
    public static func text(_ value: Decimal) -> String {
        NSDecimalNumber(decimal: value).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }

    /// Rounded to cents, halves away from zero (as cardshow and coupontracker round), and
    /// grouped ("1,250.50"), for tables. Written from the decimal's own digits: a number
    /// formatter goes through a binary `Double`, which shows 123,456,789,012,345.67 wrong.
    public static func display(_ value: Decimal, places: Int = 2) -> String {
        var value = value, rounded = Decimal()
        NSDecimalRound(&rounded, &value, places, .plain)
        let plain = text(rounded)
        let negative = plain.hasPrefix("-")
        let digits = negative ? plain.dropFirst() : plain[...]
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var grouped = ""
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        let padded = fraction.padding(toLength: places, withPad: "0", startingAt: 0)
        return (negative ? "-" : "") + grouped + (places > 0 ? "." + padded : "")
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

    /// A currency as the portfolio reads one it holds: another program may have stored it in
    /// small letters (`usd`) or with spaces (` USD`), which the valuation found no rate for
    /// and the import of the store's own export said was another currency.
    public static func held(_ currency: String) -> String {
        currency.trimmingCharacters(in: .whitespaces).uppercased()
    }
}
