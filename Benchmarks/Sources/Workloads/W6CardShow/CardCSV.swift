import Foundation

/// Seed 000's "Export to CSV": its header, and per card its nine fields joined by
/// commas (no quoting, as in the seed). Every engine formats through this so that
/// only fetching differs; the one change from the seed is the shared date formatter
/// (see `ISO8601UTC`).
public enum CardCSV {
    public static let header = "Name,Set,Number,Variant,Condition,Purchase Cost,Market Value,Profit,Acquired Date\n"

    /// Appends one card's line. `profit` is the seed model's computed property:
    /// market value minus purchase cost, or 0 without a cost.
    public static func appendLine(
        to csv: inout String,
        name: String, setName: String, cardNumber: String, variant: String, condition: String,
        purchaseCost: Double?, marketValue: Double, acquiredDate: Date
    ) {
        let profit = purchaseCost.map { marketValue - $0 } ?? 0
        csv += name; csv += ","
        csv += setName; csv += ","
        csv += cardNumber; csv += ","
        csv += variant; csv += ","
        csv += condition; csv += ","
        csv += purchaseCost?.description ?? ""; csv += ","
        csv += marketValue.description; csv += ","
        csv += profit.description; csv += ","
        csv += ISO8601UTC.string(from: acquiredDate)
        csv += "\n"
    }

    /// The whole export for value-type cards (raw and GRDB).
    public static func export(_ cards: [InventoryCard]) -> String {
        var csv = header
        for card in cards {
            appendLine(to: &csv, name: card.name, setName: card.setName, cardNumber: card.cardNumber,
                       variant: card.variant, condition: card.condition.rawValue,
                       purchaseCost: card.purchaseCost, marketValue: card.marketValue, acquiredDate: card.acquiredDate)
        }
        return csv
    }
}
