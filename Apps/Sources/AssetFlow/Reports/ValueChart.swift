import Foundation

/// The portfolio's value over time as a bar chart for a terminal: one line per
/// snapshot, bars scaled to the largest value.
public enum ValueChart {
    public static func render(_ points: [(day: String, total: Decimal)], width: Int = 40) -> String {
        guard let largest = points.map(\.total).max(), largest > 0 else { return "(no values to chart)" }
        let labels = points.map { Money.display($0.total) }
        let labelWidth = labels.map(\.count).max() ?? 0
        return zip(points, labels).map { point, label in
            let share = max(point.total, 0) / largest * Decimal(width)
            let bar = String(repeating: "█", count: NSDecimalNumber(decimal: share).intValue)
            return "\(point.day)  \(String(repeating: " ", count: labelWidth - label.count))\(label)  \(bar)"
        }.joined(separator: "\n")
    }
}
