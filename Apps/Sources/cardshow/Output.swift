import CardShowPro
import CommandLineSupport
import Foundation

/// How values read in the terminal: dollars in US format, dates as dealers write them.
enum Format {
    /// Dollars and cents ("$1,234.50"), never "-$0.00".
    static func money(_ value: Double) -> String {
        Money.cents(value).formatted(.currency(code: "USD").locale(Locale(identifier: "en_US")))
    }

    static func money(_ value: Double?) -> String {
        value.map(money) ?? "—"
    }

    static func percent(_ fraction: Double) -> String {
        (fraction * 100).formatted(.number.precision(.fractionLength(0...1))) + "%"
    }

    static func day(_ date: Date?) -> String {
        guard let date else { return "—" }
        return date.formatted(.iso8601.year().month().day())
    }

    static func duration(_ seconds: TimeInterval?) -> String {
        // A length no clock shows (dates another program stored) is unknown, not a stopped process.
        guard let seconds, let minutes = Int(exactly: (seconds / 60).rounded(.towardZero)) else { return "—" }
        return "\(minutes / 60)h \(minutes % 60)m"
    }
}
