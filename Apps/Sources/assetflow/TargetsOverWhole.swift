import AssetFlow
import Foundation

/// What the report and the commands that set a target say when the categories' targets add up
/// to more than the whole portfolio: each target is taken alone (0 to 100), so a set of them
/// that no portfolio can meet was kept without a word, and the report's drifts measured against it.
enum TargetsOverWhole {
    /// The note for `portfolio`'s targets, or nil when they add up to 100% or less.
    static func note(for portfolio: Portfolio) throws -> String? {
        let total = try portfolio.categories().compactMap(\.targetAllocationPercentage).reduce(0, +)
        guard total > 100 else { return nil }
        return "The categories' targets add up to \(percent(total)), more than the whole portfolio: "
            + "lower one with `assetflow category target NAME PERCENT`."
    }
}
