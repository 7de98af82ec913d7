import Foundation
import NameText

/// The seed's CSV export, made RFC 4180-safe: its nine columns ("Name,Set,Number,
/// Variant,Condition,Purchase Cost,Market Value,Profit,Acquired Date") first, then
/// the rest of each card.
///
/// Text cells that a spreadsheet would take for a formula are written after an apostrophe,
/// which reading takes away (`SpreadsheetCell`).
///
/// Reading goes by header names (any order, any case), needs Name, Set, Number and
/// Market Value, ignores Profit (it is computed) and columns it does not know, and
/// leaves a card's other fields alone where a column is absent or a cell empty.
public enum CSVFormat {
    /// The columns written, in order.
    public static let columns: [CardField] = CardField.allCases

    static let required: [CardField] = [.name, .setName, .cardNumber, .marketValue]

    public static func encode(_ cards: [InventoryExport.CardExport], progress: ProgressHandler? = nil) -> String {
        var csv = RFC4180.record(columns.map(\.csvHeader))
        csv.reserveCapacity(cards.count * 160)
        for (index, card) in cards.enumerated() {
            csv += RFC4180.record(columns.map { field in
                let value = value(of: field, in: card)
                return field.isText ? SpreadsheetCell.guarded(value) : value
            })
            progress?(index + 1, cards.count)
        }
        return csv
    }

    static func value(of field: CardField, in card: InventoryExport.CardExport) -> String {
        switch field {
        case .name: card.name
        case .setName: card.setName
        case .cardNumber: card.cardNumber
        case .variant: card.variant
        case .condition: card.condition
        case .purchaseCost: card.purchaseCost.map(amount) ?? ""
        case .marketValue: amount(card.marketValue)
        case .profit: card.purchaseCost.map { amount(card.marketValue - $0) } ?? "0.0"
        case .acquiredDate: ISO8601.string(from: card.acquiredDate)
        case .id: card.id?.uuidString ?? ""
        case .acquiredFrom: card.acquiredFrom ?? ""
        case .notes: card.notes ?? ""
        case .tags: card.tags.map(tagsText) ?? ""
        case .status: card.status ?? ""
        case .isGraded: card.isGraded.map { $0 ? "true" : "false" } ?? ""
        case .gradingCompany: card.gradingCompany ?? ""
        case .grade: card.grade.map(String.init) ?? ""
        case .certNumber: card.certNumber ?? ""
        case .catalogID: card.catalogID ?? ""
        case .imageURL: card.imageURL ?? ""
        case .lastPriceUpdate: card.lastPriceUpdate.map(ISO8601.string(from:)) ?? ""
        }
    }

    /// Dollars as Swift writes a Double: the shortest text that reads back exactly.
    static func amount(_ value: Double) -> String { "\(Money.cents(value))" }

    /// Tags as "Featured; High Value", or as a JSON array when a tag contains a ";" or
    /// starts with "[" so that every tag survives a round trip.
    static func tagsText(_ tags: [String]) -> String {
        if tags.contains(where: { $0.contains(";") || $0.hasPrefix("[") || $0 != $0.trimmingCharacters(in: .whitespaces) }) {
            return (try? JSONValueText.encode(tags)) ?? tags.joined(separator: "; ")
        }
        return tags.joined(separator: "; ")
    }

    static func parseTags(_ text: String) -> [String]? {
        if text.hasPrefix("[") { return try? JSONDecoder().decode([String].self, from: Data(text.utf8)) }
        return text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    // MARK: Reading

    /// The longest line read, in bytes: a row of every column, each text at its 4,096
    /// characters of 4 bytes, is a third of it. A file with no line breaks (not CSV at all)
    /// would otherwise be taken apart whole, at seconds a megabyte, before being refused.
    static let longestLine = 1 << 20

    static func decode(_ text: String) throws -> [ImportedRecord] {
        var line = 1, length = 0, previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                // CRLF is one line end, as a lone CR or LF is.
                if !(byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r")) { line += 1 }
                length = 0
                continue
            }
            length += 1
            if length > longestLine {
                throw ImportError.malformed(line: line, reason: "this is not valid CSV: the line is over 1 MB long, "
                                            + "longer than any row of cards (a text holds at most 4,096 characters)")
            }
        }
        let rows: [RFC4180.Record]
        do {
            rows = try RFC4180.parse(text)
        } catch {
            throw ImportError.malformed(line: error.line, reason: "this is not valid CSV: \(error.reason)")
        }
        guard let header = rows.first else { throw ImportError.empty }
        var columnOf: [CardField: Int] = [:]
        for (position, title) in header.fields.enumerated() {
            let title = title.trimmingCharacters(in: .whitespaces).lowercased()
            if let field = CardField.allCases.first(where: { $0.csvHeader.lowercased() == title || $0.jsonKey.lowercased() == title }),
               columnOf[field] == nil {
                columnOf[field] = position
            }
        }
        let missing = required.filter { columnOf[$0] == nil }
        if !missing.isEmpty, let separator = otherSeparator(of: header) {
            throw ImportError.malformed(line: 1, reason: "the header's columns are separated by \(separator), as a spreadsheet set "
                                        + "to some languages saves CSV; a CSV file of cards separates them with commas (and writes "
                                        + "amounts with a point, 12.50): save it again with commas, as `cardshow export --format csv` writes it")
        }
        guard missing.isEmpty else { throw ImportError.missingColumns(missing.map(\.csvHeader)) }

        var records: [ImportedRecord] = []
        records.reserveCapacity(rows.count - 1)
        for row in rows.dropFirst() {
            guard row.fields.count <= header.fields.count else {
                throw ImportError.malformed(line: row.line, reason: "this row has \(row.fields.count) fields but the header has \(header.fields.count); a field with a comma in it must be in double quotes")
            }
            records.append(try record(from: row, columnOf: columnOf))
        }
        return records
    }

    /// "semicolons" or "tabs" when the header is one field holding every required column's
    /// title between them: a file saved with another separator, which was said to have
    /// none of the columns ("the header has no "Name", "Set" … columns") though it names each.
    static func otherSeparator(of header: RFC4180.Record) -> String? {
        guard header.fields.count == 1 else { return nil }
        for (separator, name) in [(Character(";"), "semicolons"), (Character("\t"), "tabs")] {
            let titles = Set(header.fields[0].split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            guard titles.count > 1 else { continue }
            if required.allSatisfy({ titles.contains($0.csvHeader.lowercased()) || titles.contains($0.jsonKey.lowercased()) }) {
                return name
            }
        }
        return nil
    }

    static func record(from row: RFC4180.Record, columnOf: [CardField: Int]) throws -> ImportedRecord {
        func cell(_ field: CardField) -> String? {
            guard let column = columnOf[field], column < row.fields.count else { return nil }
            return SpreadsheetCell.unguarded(row.fields[column])
        }
        /// A cell that is absent or empty is nil.
        func optional(_ field: CardField) -> String? {
            guard let text = cell(field), !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return text
        }
        /// Text kept exactly as written (spaces included); only an empty cell is nil.
        func text(_ field: CardField) -> String? {
            guard let text = cell(field), !text.isEmpty else { return nil }
            return text
        }
        func invalid(_ field: CardField, _ value: String, _ reason: String) -> ImportError {
            .invalidField(line: row.line, field: field.csvHeader, value: value, reason: reason)
        }
        func required(_ field: CardField) throws -> String {
            guard let text = cell(field) else { throw ImportError.missingField(line: row.line, field: field.csvHeader) }
            return text
        }
        func amount(_ field: CardField, _ text: String) throws -> Double {
            guard let value = parseAmount(text) else {
                throw invalid(field, text, DealerInput.amountExpectation)
            }
            return value
        }
        func date(_ field: CardField, _ text: String) throws -> Date {
            guard let date = ISO8601.date(from: text, exported: true) else { throw invalid(field, text, ISO8601.expectation) }
            return date
        }

        let marketText = try required(.marketValue)
        var card = InventoryExport.CardExport(
            name: try required(.name),
            setName: try required(.setName),
            cardNumber: try required(.cardNumber),
            variant: text(.variant) ?? "Normal",
            condition: optional(.condition) ?? CardCondition.nearMint.rawValue,
            purchaseCost: try optional(.purchaseCost).map { try amount(.purchaseCost, $0) },
            marketValue: try amount(.marketValue, marketText),
            acquiredDate: try optional(.acquiredDate).map { try date(.acquiredDate, $0) } ?? Date())
        if let text = optional(.id) {
            guard let id = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
                throw invalid(.id, text, "is not a card ID (a UUID like 3F2A9C1B-0D1E-4C55-9B7A-1A2B3C4D5E6F)")
            }
            card.id = id
        }
        card.acquiredFrom = text(.acquiredFrom)
        card.notes = text(.notes)
        if let text = optional(.tags) {
            guard let tags = parseTags(text) else { throw invalid(.tags, text, "is not a list of tags (like Featured; High Value)") }
            card.tags = tags
        }
        card.status = optional(.status)
        if let text = optional(.isGraded) {
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "yes", "y", "1": card.isGraded = true
            case "false", "no", "n", "0": card.isGraded = false
            default: throw invalid(.isGraded, text, "is not true or false")
            }
        }
        card.gradingCompany = text(.gradingCompany)
        if let text = optional(.grade) {
            guard let grade = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw invalid(.grade, text, "is not a whole number from 1 to 10")
            }
            card.grade = grade
        }
        card.certNumber = text(.certNumber)
        card.catalogID = text(.catalogID)
        card.imageURL = text(.imageURL)
        if let text = optional(.lastPriceUpdate) { card.lastPriceUpdate = try date(.lastPriceUpdate, text) }
        return ImportedRecord(card: card, line: row.line, lineOfField: { _ in row.line }, nameOfField: { $0.csvHeader },
                              writtenText: { cell($0) })
    }

    /// "12.50", "$12.50", " 12 ", ".5", "12.", "+5" (the forms the other tools take too).
    /// Not "12,50": a decimal comma is ambiguous with a thousands separator, so it is
    /// refused rather than guessed.
    static func parseAmount(_ text: String) -> Double? {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("$") { text.removeFirst() }
        // Digits and a decimal point, as a dealer writes a price: no exponent (1e3 is no
        // price, and 1e-300 would be saved as $0.00), no thousands separator.
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              digits.filter({ $0 == "." }).count <= 1, digits.contains(where: \.isNumber),
              let value = Double(text), value.isFinite else { return nil }
        // A negative amount parses, so that the card rules can say why it is refused.
        let amount = Money.cents(value)
        return abs(amount) <= Money.maximum ? amount : nil
    }
}

/// Small JSON helper for CSV cells that hold lists.
enum JSONValueText {
    static func encode(_ value: [String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
