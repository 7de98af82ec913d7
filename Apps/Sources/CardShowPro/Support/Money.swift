import Foundation

/// Amounts of money as CardShow Pro keeps them: dollars in whole cents, from $0.00 to
/// $100,000,000.00.
///
/// The seed's models store money as `Double`, so the schema keeps it; every amount is
/// rounded to cents where it enters (typed, imported, computed from a percentage) and
/// again where it leaves (printed, exported), so that no file or screen shows
/// floating-point noise such as 4.800000000000001. The upper bound is above any price
/// a single card has fetched (the record is about $12.6 million, a 1952 Topps Mickey
/// Mantle sold in 2022), and it keeps every total of a store far inside the range in
/// which a `Double` holds cents exactly.
public enum Money {
    /// The largest amount CardShow Pro accepts.
    public static let maximum: Double = 100_000_000

    /// The range, as a dealer reads it.
    public static let rangeDescription = "from $0.00 to $100,000,000.00"

    /// Made once: an export rounds every amount of every card.
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// The amount rounded to the nearest cent (halves away from zero); never -0.
    ///
    /// The halves are those of the amount as written: 12.345 (typed, or a number in an
    /// imported file) is 12.35, though the `Double` nearest to it is 12.3449999..., so the
    /// shortest decimal text that reads back as `value` is rounded, not the binary value.
    public static func cents(_ value: Double) -> Double {
        var rounded = (value * 100).rounded() / 100
        let text = "\(value)"
        if value.isFinite, !text.contains("e"), var source = Decimal(string: text, locale: posix) {
            var decimal = Decimal()
            NSDecimalRound(&decimal, &source, 2, .plain)
            rounded = Double("\(decimal)") ?? rounded
        }
        return rounded == 0 ? 0 : rounded
    }
}
