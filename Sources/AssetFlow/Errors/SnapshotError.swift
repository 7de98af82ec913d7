import Foundation

/// Why a snapshot operation was refused; nothing was changed.
public enum SnapshotError: LocalizedError, Equatable, Sendable {
    case alreadyExists(String)
    case notFound(String)
    case duplicateCashFlow(snapshot: String, description: String)
    case emptyCashFlowDescription
    case invalidAmount(String)
    case noRates(snapshot: String)
    case notEnoughSnapshots
    case invalidDay(String)

    public var errorDescription: String? {
        switch self {
        case let .alreadyExists(day): "There is already a snapshot for \(day): one snapshot per day."
        case let .notFound(day): "There is no snapshot for \(day). Create it with `assetflow snapshot create \(day)`."
        case let .duplicateCashFlow(snapshot, description):
            "The snapshot of \(snapshot) already has a cash flow named '\(description)' (descriptions ignore case and spacing)."
        case .emptyCashFlowDescription: "A cash flow needs a description."
        case let .invalidAmount(text):
            "'\(text)' is not an amount: write a number such as 1250.50 or -300, with at most 8 decimals and less than a quadrillion."
        case let .noRates(day):
            "The snapshot of \(day) holds more than one currency but has no exchange rates. Set them with `assetflow snapshot rates \(day) --base USD --rate TWD=32.5`."
        case .notEnoughSnapshots: "A return needs two snapshots in the range."
        case let .invalidDay(text): "'\(text)' is not a day: write it as YYYY-MM-DD, for example 2026-03-31."
        }
    }
}
