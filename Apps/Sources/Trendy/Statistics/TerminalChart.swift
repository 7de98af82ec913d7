import Foundation

/// Counts drawn for a terminal: a sparkline in one line, or horizontal bars.
public enum TerminalChart {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One character per value, its height scaled to the largest; a space for zero.
    public static func sparkline(_ values: [Int]) -> String {
        let top = values.max() ?? 0
        guard top > 0 else { return String(repeating: " ", count: values.count) }
        return String(values.map { value in
            value == 0 ? " " : levels[min(levels.count - 1, (value * levels.count - 1) / top)]
        })
    }

    /// One line per label: the label, a bar scaled so the largest is `width` long, the value.
    public static func bars(_ rows: [(label: String, value: Int)], width: Int = 40) -> String {
        let top = rows.map(\.value).max() ?? 0
        let labelWidth = rows.map(\.label.count).max() ?? 0
        return rows.map { row in
            let length = top == 0 ? 0 : Int((Double(row.value) / Double(top) * Double(width)).rounded())
            let label = row.label + String(repeating: " ", count: labelWidth - row.label.count)
            return "\(label)  \(String(repeating: "█", count: length))\(row.value > 0 ? " " : "")\(row.value)"
        }.joined(separator: "\n")
    }
}
