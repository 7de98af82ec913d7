import Foundation

/// Why a snapshot operation was refused; nothing was changed.
public enum SnapshotError: LocalizedError, Equatable, Sendable {
    case alreadyExists(String)
    case notFound(String)
    case duplicateCashFlow(snapshot: String, description: String)
    case emptyCashFlowDescription
    case invalidAmount(String)
    /// A snapshot valued in `base` holds `others` too and has no rates.
    case noRates(snapshot: String, base: String, others: [String])
    case notEnoughSnapshots
    case invalidDay(String)
    /// A comma that is not a thousands separator, such as `1,5`.
    case decimalComma(String)
    /// A rate for the base currency itself, which is 1 by definition.
    case rateForBase(String)
    /// Two rates for one currency.
    case duplicateRate(String)
    /// `--from` after `--to`.
    case reversedRange(from: String, to: String)

    /// "EUR, USD and XAU".
    static func spoken(_ codes: [String]) -> String {
        codes.count < 2 ? codes.joined() : codes.dropLast().joined(separator: ", ") + " and " + (codes.last ?? "")
    }

    public var errorDescription: String? {
        switch self {
        case let .alreadyExists(day): "There is already a snapshot for \(day): one snapshot per day."
        case let .notFound(day): "There is no snapshot for \(day). Create it with `assetflow snapshot create \(day)`."
        case let .duplicateCashFlow(snapshot, description):
            "The snapshot of \(snapshot) already has a cash flow named '\(description)' (descriptions ignore case and spacing)."
        case .emptyCashFlowDescription: "A cash flow needs a description."
        case let .invalidAmount(text):
            "'\(text)' is not an amount: write a number such as 1250.50 or -300, with at most 8 decimals and less than a quadrillion."
        case let .noRates(day, base, others):
            "The snapshot of \(day) holds values in \(Self.spoken([base] + others)) but has no exchange rates. Set them with "
                + "`assetflow snapshot rates \(day) --base \(base)\(others.map { " --rate \($0)=UNITS" }.joined())`, "
                + "UNITS being how many of each one \(base) buys."
        case .notEnoughSnapshots: "A return needs two snapshots in the range."
        case let .invalidDay(text):
            "'\(text)' is not a day: write a day that exists, from 1900 to 2199, as YYYY-MM-DD, for example 2026-03-31."
        case let .decimalComma(text):
            "'\(text)' is not an amount: write decimals with a dot (1.5), and commas only between thousands (1,250.50)."
        case let .rateForBase(code):
            "\(code) is the base currency, so its rate is 1 by definition: leave it out of the --rate list."
        case let .duplicateRate(code): "\(code) has two rates: give one --rate per currency."
        case let .reversedRange(from, to): "--from \(from) is after --to \(to): give the earlier day with --from."
        }
    }
}
