import Trendy
import Foundation

/// Prints `value` as pretty JSON on standard output.
func printJSON<Value: Encodable>(_ value: Value) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// A plain text table: columns padded to their widest cell, control characters shown
/// escaped, long cells shortened.
struct Table {
    var headers: [String]
    var rows: [[String]] = []
    var rightAligned: Set<Int>

    init(_ headers: String..., rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    mutating func add(_ cells: String...) { rows.append(cells) }

    func render() -> String {
        let shown = ([headers] + rows).map { $0.map(Self.clean) }
        let widths = headers.indices.map { column in shown.map { $0[column].count }.max() ?? 0 }
        return shown.map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    static func clean(_ cell: String) -> String {
        let visible = cell.unicodeScalars.map { $0.properties.generalCategory == .control ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return visible.count > 40 ? String(visible.prefix(39)) + "…" : visible
    }
}

