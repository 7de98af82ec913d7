import CardShowPro
import Foundation

/// How values read in the terminal: dollars in US format, dates as dealers write them.
enum Format {
    /// Dollars and cents ("$1,234.50"), never "-$0.00".
    static func money(_ value: Double) -> String {
        Money.cents(value).formatted(.currency(code: "USD").locale(Locale(identifier: "en_US")))
    }

    static func money(_ value: Double?) -> String {
        value.map(money) ?? "—"
    }

    static func percent(_ fraction: Double) -> String {
        (fraction * 100).formatted(.number.precision(.fractionLength(0...1))) + "%"
    }

    static func day(_ date: Date?) -> String {
        guard let date else { return "—" }
        return date.formatted(.iso8601.year().month().day())
    }

    /// `text` with terminal control characters shown as `\u{1B}` escapes: text imported
    /// from a file must not move the cursor, recolour or retitle the dealer's terminal.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func duration(_ seconds: TimeInterval?) -> String {
        guard let seconds else { return "—" }
        let minutes = Int(seconds / 60)
        return "\(minutes / 60)h \(minutes % 60)m"
    }
}

/// Prints `value` as pretty JSON with ISO-8601 dates on standard output.
func printJSON<Value: Encodable>(_ value: Value) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// A plain text table: columns padded to their widest cell, long cells shortened.
struct Table {
    var headers: [String]
    var rows: [[String]] = []
    /// Columns aligned right (amounts).
    var rightAligned: Set<Int> = []
    var maxWidth = 32

    init(_ headers: String..., rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    mutating func add(_ cells: String...) { rows.append(cells) }

    func render() -> String {
        let shown = ([headers] + rows).map { $0.map(shorten) }
        let widths = headers.indices.map { column in shown.map { $0[column].count }.max() ?? 0 }
        return shown.map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    /// One line per cell, at most `maxWidth` characters, control characters escaped.
    private func shorten(_ cell: String) -> String {
        let line = Format.escaped(cell.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " "))
        return line.count > maxWidth ? String(line.prefix(maxWidth - 1)) + "…" : line
    }

    func print() { Swift.print(render()) }
}

/// Writes to standard error: progress and notes that must not mix with data on stdout.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
