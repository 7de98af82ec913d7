import Foundation
import NameText
import SwiftData

/// A snapshot's values as CSV (RFC 4180): `asset,platform,currency,value`, a header
/// line first, values as plain decimals, names a spreadsheet would take for a formula
/// after an apostrophe that reading takes away (`SpreadsheetCell`).
public enum SnapshotCSV {
    public static let header = ["asset", "platform", "currency", "value"]

    public struct Row: Sendable, Equatable {
        public var asset: String
        public var platform: String
        public var currency: String
        public var value: Decimal
        /// The line of the file it came from (1 is the header).
        public var line: Int
    }

    public static func format(_ rows: [Row]) -> String {
        ([header] + rows.map { [SpreadsheetCell.guarded($0.asset), SpreadsheetCell.guarded($0.platform), $0.currency, Money.text($0.value)] })
            .map { $0.map(quote).joined(separator: ",") }
            .joined(separator: "\r\n") + "\r\n"
    }

    /// Reads every row, or throws for the first line that is wrong: nothing partial.
    /// The longest name a field takes, as in the other tools' imports (and their arguments).
    public static let longestText = 4_096
    /// The longest field read (16,384 characters, as the refusal says): past it no row can be taken, whatever the field.
    static let longestField = 4 * longestText

    public static func parse(_ text: String) throws -> [Row] {
        let records = try records(of: text)
        guard let first = records.first else { throw CSVError.empty }
        guard first.fields.map({ $0.lowercased().trimmingCharacters(in: .whitespaces) }) == header else {
            // Its start only: a file that is not CSV (or has no line breaks) has a "first line" of megabytes.
            let found = first.fields.joined(separator: ",")
            throw CSVError.badHeader(found: found.count > 80 ? String(found.prefix(80)) + "…" : found)
        }
        // A header alone imports nothing: as CardShow Pro's imports, refused rather than "Imported 0 values".
        guard records.count > 1 else { throw CSVError.noValues }
        return try records.dropFirst().map { record in
            guard record.fields.count == 4 else { throw CSVError.wrongFieldCount(line: record.line, count: record.fields.count) }
            // The names as written, without the apostrophe an export puts before one a spreadsheet would take for a formula.
            let record = (line: record.line, fields: [SpreadsheetCell.unguarded(record.fields[0]), SpreadsheetCell.unguarded(record.fields[1]),
                                                      record.fields[2], record.fields[3]])
            let name = record.fields[0].trimmingCharacters(in: .whitespaces)
            if !NameText.showsSomething(name) { throw CSVError.invalid(line: record.line, reason: AssetError.emptyName.localizedDescription) }
            for (field, text) in [("asset name", name), ("platform", record.fields[1])] where text.count > longestText {
                throw CSVError.invalid(line: record.line,
                                       reason: "the \(field) is \(text.count) characters long; a name holds at most 4,096 characters")
            }
            for (field, text) in [("asset name", name), ("platform", record.fields[1].trimmingCharacters(in: .whitespaces))] {
                if let problem = NameLineBreak(in: text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                    throw CSVError.invalid(line: record.line, reason: "the \(field) \(problem.shown) \(problem.reason)")
                }
                if let problem = NameControlCharacter(in: text) {
                    throw CSVError.invalid(line: record.line, reason: "the \(field) \(problem.shown) \(problem.reason)")
                }
                // A platform given is a name as the asset's is (an empty one is no platform).
                if field == "platform", !text.isEmpty, !NameText.showsSomething(text) {
                    throw CSVError.invalid(line: record.line, reason: AssetError.emptyPlatform.localizedDescription)
                }
            }
            do {
                return Row(asset: name, platform: record.fields[1].trimmingCharacters(in: .whitespaces),
                           currency: try CurrencyCode.parse(record.fields[2]), value: try Money.parse(record.fields[3]),
                           line: record.line)
            } catch {
                throw CSVError.invalid(line: record.line, reason: error.localizedDescription)
            }
        }
    }

    private static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// RFC 4180 records with the line each starts on; blank lines are skipped.
    ///
    /// Read by Unicode scalars, not characters: a field that begins with a combining mark
    /// (an accent, a joiner, a skin tone) makes one character with the comma before it, and
    /// read by characters the comma was not found ("Line 2 has 3 fields").
    static func records(of text: String) throws -> [(line: Int, fields: [String])] {
        var records: [(Int, [String])] = []
        var fields: [String] = [], field = String.UnicodeScalarView(), quoted = false, afterQuote = false
        var line = 1, recordLine = 1
        // A line feed right after a carriage return ends no second line.
        var afterCarriageReturn = false
        // Counted as it grows (a String's count is a walk over it): a file that is not CSV, or has no
        // line breaks, would otherwise be read whole into one field, at half a second a megabyte.
        var fieldLength = 0
        func endRecord() {
            fields.append(String(field))
            if !(fields.count == 1 && fields[0].isEmpty) { records.append((recordLine, fields)) }
            fields = []; field = String.UnicodeScalarView(); fieldLength = 0
        }
        for scalar in text.unicodeScalars {
            let isLineFeedOfCRLF = scalar == "\n" && afterCarriageReturn
            afterCarriageReturn = scalar == "\r"
            fieldLength += 1
            if fieldLength > longestField {
                let names = ["asset name", "platform", "currency", "value"]
                let what = fields.count < names.count ? "the \(names[fields.count])" : "field \(fields.count + 1)"
                throw CSVError.invalid(line: recordLine, reason: "\(what) is over 16,384 characters long; "
                                       + "a name holds at most 4,096 characters, and a currency or value far fewer")
            }
            if quoted {
                if scalar == "\"" { quoted = false; afterQuote = true } else {
                    if (scalar == "\n" && !isLineFeedOfCRLF) || scalar == "\r" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where afterQuote:
                field.append("\""); quoted = true; afterQuote = false
            case "\"" where field.isEmpty:
                quoted = true
            case "\"":
                throw CSVError.invalid(line: line, reason: "a quote inside an unquoted field; quote the whole field")
            case ",":
                fields.append(String(field)); field = String.UnicodeScalarView(); fieldLength = 0; afterQuote = false
            case "\n" where isLineFeedOfCRLF:
                continue
            case "\n", "\r":
                endRecord(); afterQuote = false
                line += 1; recordLine = line
            default:
                if afterQuote { throw CSVError.invalid(line: line, reason: "text after a closing quote") }
                field.append(scalar)
            }
        }
        if quoted { throw CSVError.invalid(line: recordLine, reason: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}

/// Why a CSV file was not imported; nothing was changed.
public enum CSVError: LocalizedError, Equatable, Sendable {
    case empty
    case noValues
    case badHeader(found: String)
    case wrongFieldCount(line: Int, count: Int)
    case invalid(line: Int, reason: String)

    public var errorDescription: String? {
        switch self {
        case .empty: "The file is empty: it needs the header asset,platform,currency,value and a line per asset. Nothing was imported."
        case .noValues: "The file has no values: it has the header asset,platform,currency,value but no line per asset. Nothing was imported."
        case let .badHeader(found): "The first line must be asset,platform,currency,value; it is \(found). Nothing was imported."
        case let .wrongFieldCount(line, count): "Line \(line) has \(count) \(count == 1 ? "field" : "fields"); it needs 4: asset,platform,currency,value. Nothing was imported."
        // A reason may be another error's words, which end in a full stop.
        case let .invalid(line, reason): "Line \(line): \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason). Nothing was imported."
        }
    }
}

extension Portfolio {
    /// The values of a snapshot as CSV rows, largest value first (sorted in SQL).
    public func exportValues(on day: Date) throws -> [SnapshotCSV.Row] {
        let date = try snapshot(on: day).date
        let values = try context.fetch(FetchDescriptor<SnapshotAssetValue>(
            predicate: #Predicate { $0.snapshot?.date == date }, sortBy: [SortDescriptor(\.marketValue, order: .reverse)]))
        return values.compactMap { value in
            value.asset.map { SnapshotCSV.Row(asset: $0.name, platform: $0.platform, currency: $0.currency, value: value.marketValue, line: 0) }
        }
    }

    /// The first row naming an asset an earlier row named, and why, as the import refuses it:
    /// two assets another program stored with one name and platform are exported as two such rows.
    public static func firstRepeat(in rows: [SnapshotCSV.Row]) -> (row: SnapshotCSV.Row, reason: String)? {
        var seen: [String: SnapshotCSV.Row] = [:]
        for row in rows {
            let key = Identity.key(name: row.asset, platform: row.platform)
            if let first = seen[key] { return (row, repeated(row, first: first)) }
            seen[key] = row
        }
        return nil
    }

    /// Why `row` repeats the asset of `first`. Names that print alike, one with an accent
    /// written as one character and one as a letter and a combining mark (what different
    /// programs save), are said to be that, or the message would name one name twice.
    static func repeated(_ row: SnapshotCSV.Row, first: SnapshotCSV.Row) -> String {
        let encodedApart = { (one: String, other: String) in one == other && !one.unicodeScalars.elementsEqual(other.unicodeScalars) }
        guard encodedApart(row.asset, first.asset) || encodedApart(row.platform, first.platform) else {
            return "the asset '\(row.asset)' is already on line \(first.line)"
        }
        return "the asset '\(row.asset)' is already on line \(first.line): the two lines name it with the same letters, an accent "
            + "written as one character on one line and as a letter and a separate combining mark on the other, and names are "
            + "compared as they look. Keep one of the two lines (add their values together if both are wanted)"
    }

    /// Sets the values of a snapshot from CSV rows, in one save: assets not yet known
    /// are created; a row whose currency differs from its asset's, or an asset twice,
    /// stops the import at that line, and nothing is changed. `progress` is told (done,
    /// total) as rows are applied, before the one save. The assets the rows are checked
    /// against are those the save meets (one transaction): an asset another process adds
    /// meanwhile is not added twice.
    @discardableResult
    public func importValues(_ rows: [SnapshotCSV.Row], on day: Date,
                             progress: ((Int, Int) -> Void)? = nil) throws -> (values: Int, newAssets: Int) {
        try change {
            let snapshot = try self.snapshot(on: day)
            // The assets and the snapshot's values read once, by key: a lookup a row would
            // make each time grows with the assets the import has created so far.
            var assets = Dictionary(try context.fetch(FetchDescriptor<Asset>()).map { (Portfolio.identity(of: $0), $0) },
                                    uniquingKeysWith: { first, _ in first })
            if let (row, reason) = Self.firstRepeat(in: rows) { throw CSVError.invalid(line: row.line, reason: reason) }
            for row in rows {
                let key = Identity.key(name: row.asset, platform: row.platform)
                // In any case, spaces aside, as the report values it: another program may have stored `usd` or ` USD`.
                if let asset = assets[key], CurrencyCode.held(asset.currency) != CurrencyCode.held(row.currency) {
                    throw CSVError.invalid(line: row.line, reason: "'\(Self.label(asset))' is held in \(asset.currency), not \(row.currency)")
                }
            }
            var values = Dictionary((snapshot.assetValues ?? []).compactMap { value in value.asset.map { (ObjectIdentifier($0), value) } },
                                    uniquingKeysWith: { first, _ in first })
            var created = 0
            for (index, row) in rows.enumerated() {
                defer { progress?(index + 1, rows.count) }
                let key = Identity.key(name: row.asset, platform: row.platform)
                let asset: Asset
                if let existing = assets[key] {
                    asset = existing
                } else {
                    asset = Asset(name: Self.tidy(row.asset), platform: Self.tidy(row.platform), currency: row.currency)
                    context.insert(asset)
                    assets[key] = asset
                    created += 1
                }
                if let value = values[ObjectIdentifier(asset)] {
                    value.marketValue = row.value
                } else {
                    let recorded = SnapshotAssetValue(marketValue: row.value)
                    context.insert(recorded)
                    recorded.snapshot = snapshot
                    recorded.asset = asset
                    values[ObjectIdentifier(asset)] = recorded
                }
            }
            return (rows.count, created)
        }
    }
}
