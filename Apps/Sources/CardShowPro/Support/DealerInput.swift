import Foundation

/// How CardShow Pro reads what dealers type: amounts and dates, the same way on the
/// command line as in imported files.
public enum DealerInput {
    /// "12.50", "$12.50", " 12 ", rounded to cents; nil for anything else (including
    /// "12,50", which could mean twelve and a half or twelve hundred and fifty) and for
    /// amounts past ``Money/maximum``. A negative amount is returned, for the rule that
    /// refuses it to say why.
    public static func amount(_ text: String) -> Double? {
        CSVFormat.parseAmount(text)
    }

    /// An ISO-8601 date and time ("2026-01-13T17:30:00Z") or a date ("2026-01-13")
    /// that exists (not 2026-02-30), in the years ``ISO8601/plausibleYears``.
    public static func date(_ text: String) -> Date? {
        ISO8601.date(from: text)
    }

    /// What an amount must look like, for messages.
    public static let amountExpectation = "is not an amount in dollars \(Money.rangeDescription) (like 12.50)"

    /// What to write instead, for a command-line option.
    public static let amountAdvice = "write dollars and cents like 12.50 or $12.50, without thousands separators or exponents"

    /// A trade percentage: "80", "80%" or "0.8" all mean 80%.
    public static func percentage(_ text: String) -> Double? {
        var text = text.trimmingCharacters(in: .whitespaces)
        let hadPercentSign = text.hasSuffix("%")
        if hadPercentSign { text.removeLast() }
        // Digits with a decimal point at most, as amounts are written: `Double` also read `1e2`
        // (100%) and `0x50` (80%), which no amount option takes.
        let digits = text.filter { $0 != "." }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), text.filter({ $0 == "." }).count <= 1,
              let value = Double(text), value.isFinite, value > 0 else { return nil }
        return hadPercentSign || value > 1 ? value / 100 : value
    }

    public static let dateExpectation = ISO8601.expectation
}
