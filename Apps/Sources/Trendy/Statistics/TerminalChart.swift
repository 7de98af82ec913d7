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

    /// `values` summed in runs of consecutive ones, so that at most `width` are left: how many
    /// each of them holds, and the sums. The runs are counted from the end, so that the newest
    /// are whole and only the oldest run may hold fewer. A sparkline cut to its first `width`
    /// marks would show the oldest of a long range and leave out the newest without a word.
    public static func grouped(_ values: [Int], into width: Int) -> (size: Int, sums: [Int]) {
        guard width > 0, values.count > width else { return (1, values) }
        let size = (values.count + width - 1) / width
        var sums: [Int] = []
        var end = values.count
        while end > 0 {
            let start = max(0, end - size)
            sums.append(values[start..<end].reduce(0, +))
            end = start
        }
        return (size, sums.reversed())
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
