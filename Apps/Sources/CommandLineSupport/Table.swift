/// A plain text table: a header row, columns padded to their widest cell (in terminal
/// columns: a Japanese name or an emoji takes two a character), amounts
/// aligned right, every cell on one line, escaped and shortened to `maxWidth`.
public struct Table {
    public var headers: [String]
    public var rows: [[String]] = []
    /// Columns aligned right (amounts, counts).
    public var rightAligned: Set<Int>
    public var maxWidth: Int

    public init(_ headers: String..., rightAligned: Set<Int> = [], maxWidth: Int = 40) {
        self.headers = headers
        self.rightAligned = rightAligned
        self.maxWidth = maxWidth
    }

    public mutating func add(_ cells: String...) { rows.append(cells) }

    /// The table's lines, without line breaks.
    public func lines() -> [String] {
        let shown = ([headers] + rows).map { $0.map { TerminalText.shortened($0, to: maxWidth) } }
        let cellWidths = shown.map { $0.map(TerminalWidth.of) }
        let widths = headers.indices.map { column in
            cellWidths.map { $0.indices.contains(column) ? $0[column] : 0 }.max() ?? 0
        }
        return zip(shown, cellWidths).map { cells, cellWidths in
            cells.enumerated().map { column, cell in
                let width = widths.indices.contains(column) ? widths[column] : cellWidths[column]
                let padding = String(repeating: " ", count: max(width - cellWidths[column], 0))
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").droppingTrailingSpaces
        }
    }

    public func render() -> String { lines().joined(separator: "\n") }

    /// Prints the table on standard output, each line after `indent`.
    public func print(indent: String = "") { lines().forEach { Swift.print(indent + $0) } }
}

private extension String {
    /// The line without the padding after its last cell; the padding before a right-aligned
    /// first cell stays, or the column would not line up.
    var droppingTrailingSpaces: String {
        guard let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[...last])
    }
}
