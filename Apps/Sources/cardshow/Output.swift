import CardShowPro
import CommandLineSupport
import Foundation
import MomentText

/// How values read in the terminal: dollars in US format, dates as dealers write them.
enum Format {
    /// Dollars and cents ("$1,234.50"), never "-$0.00". An amount far past what the rules let a
    /// dealer give (10^300, which another program stored) is written as a power of ten, where it
    /// filled the line with a hundred groups of zeros.
    /// A figure made of two infinities (infinity less infinity, which another program stored) is
    /// no number and reads as unknown, where it read "-$NaN".
    static func money(_ value: Double) -> String {
        guard !value.isNaN else { return "—" }
        guard abs(value) < largestWritten || !value.isFinite else { return (value < 0 ? "-$" : "$") + scientific(abs(value)) }
        return Money.cents(value).formatted(.currency(code: "USD").locale(Locale(identifier: "en_US")))
    }

    /// The largest amount (or percentage) written in full: a quadrillion.
    private static let largestWritten = 1e15

    private static func scientific(_ value: Double) -> String {
        value.formatted(.number.notation(.scientific).precision(.significantDigits(1...3)).locale(Locale(identifier: "en_US")))
    }

    static func money(_ value: Double?) -> String {
        value.map(money) ?? "—"
    }

    static func percent(_ fraction: Double) -> String {
        let percent = fraction * 100
        guard !percent.isNaN else { return "—" }
        guard abs(percent) < largestWritten || !percent.isFinite else { return scientific(percent) + "%" }
        return percent.formatted(.number.precision(.fractionLength(0...1))) + "%"
    }

    /// A day as dealers write it; one outside the years CardShow Pro keeps (10^300 seconds
    /// from 1970, which another program stored) is said to be, where it read "506713-02-07".
    static func day(_ date: Date?) -> String {
        guard let date else { return "—" }
        guard MomentText.moments.contains(date) else { return "outside \(MomentText.years.lowerBound)–\(MomentText.years.upperBound)" }
        return date.formatted(.iso8601.year().month().day())
    }

    /// Whole days since `date`; of a day outside the years CardShow Pro keeps (which another
    /// program stored) unknown, where they read -9223372036854775808.
    static func days(_ days: Int, since date: Date) -> String {
        MomentText.moments.contains(date) ? "\(days)" : "—"
    }

    static func duration(_ seconds: TimeInterval?) -> String {
        // A length no clock shows (dates another program stored) is unknown, not a stopped process.
        guard let seconds, let minutes = Int(exactly: (seconds / 60).rounded(.towardZero)) else { return "—" }
        return "\(minutes / 60)h \(minutes % 60)m"
    }
}
