import Foundation

/// A plain text table with a header row: columns padded to their widest cell, cells
/// shortened to `maxWidth` with an ellipsis and control characters escaped.
struct Table {
    var headers: [String]
    var rows: [[String]] = []
    var maxWidth = 40

    init(_ headers: String...) {
        self.headers = headers
    }

    mutating func add(_ cells: String...) { rows.append(cells) }

    func render() -> [String] {
        let shown = ([headers] + rows).map { $0.map(shorten) }
        let widths = headers.indices.map { column in shown.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return shown.map { cells in
            cells.enumerated().map { column, cell in Output.pad(cell, widths[column]) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }

    private func shorten(_ cell: String) -> String {
        let line = Output.escaped(cell)
        return line.count > maxWidth ? String(line.prefix(maxWidth - 1)) + "…" : line
    }

    func print(indent: String = "") { render().forEach { Swift.print(indent + $0) } }
}
