import Foundation
import JSONText

/// The seed's JSON export: an `InventoryExport`, pretty-printed, ISO-8601 dates.
public enum JSONFormat {
    public static func encode(_ export: InventoryExport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.string(from: date))
        }
        // Sorted keys make exports of the same data identical, so they diff cleanly.
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(export)
    }

    /// Reads an export, naming the line and field of the first problem.
    static func decode(_ text: Data) throws -> (InventoryExport, [ImportedRecord]) {
        let data: Data
        do {
            data = try JSONText.checked(text)
        } catch {
            if error.isSyntax { throw ImportError.malformed(line: error.line, reason: "this is not valid JSON: \(error.reason)") }
            throw ImportError.malformed(line: error.line, reason: "\(error.dottedPath): \(error.reason)")
        }
        if let refusal = AppFile.refusal(of: data, expected: .cardShowProExport) {
            throw ImportError.malformed(line: 1, reason: refusal)
        }
        var locator = JSONLocator(data)
        do {
            try locator.scan()
        } catch {
            throw ImportError.malformed(line: error.line, reason: "this is not valid JSON: \(error.reason)")
        }
        let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard let document else {
            throw ImportError.malformed(line: 1, reason: "an export is a JSON object with \"exportDate\", \"version\" and \"cards\"")
        }
        if let version = document["version"] as? String, !version.hasPrefix("1.") && version != "1" {
            throw ImportError.unsupportedVersion(version)
        }

        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.date(from: text, exported: true) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: ISO8601.expectation)
            }
            return date
        }
        let export: InventoryExport
        do {
            export = try decoder.decode(InventoryExport.self, from: data)
        } catch let error as DecodingError {
            throw importError(for: error, locator: locator, document: document)
        }
        let shared = locator.linesOfSeveralCards
        let records = export.cards.indices.map { index in
            ImportedRecord(card: export.cards[index], line: locator.line(ofCard: index, field: nil) ?? 1,
                           lineOfField: { locator.line(ofCard: index, field: $0.jsonKey) ?? 1 },
                           nameOfField: { $0.jsonKey },
                           writtenText: { locator.text(ofCard: index, field: $0.jsonKey) },
                           placeOnSharedLine: locator.line(ofCard: index, field: nil).flatMap { shared.contains($0) ? index + 1 : nil })
        }
        return (export, records)
    }

    /// Turns a decoding error's coding path into a line and field.
    static func importError(for error: DecodingError, locator: JSONLocator, document: [String: Any]) -> ImportError {
        let cards = document["cards"] as? [Any] ?? []
        let context: DecodingError.Context
        var missingKey: String?
        switch error {
        case let .typeMismatch(_, c), let .valueNotFound(_, c), let .dataCorrupted(c): context = c
        case let .keyNotFound(key, c): context = c; missingKey = key.stringValue
        @unknown default: return .malformed(line: 1, reason: "\(error)")
        }
        let path = context.codingPath
        var card: Int?
        var field: String?
        if path.first?.stringValue == "cards", path.count >= 2, let index = path[1].intValue {
            card = index
            field = path.count >= 3 ? path[2].stringValue : nil
        } else {
            field = path.first?.stringValue
        }
        // A card on a line with others (every card of a file written on one line) is named by its place too.
        let place = card.flatMap { card in
            locator.line(ofCard: card, field: nil).flatMap { locator.linesOfSeveralCards.contains($0) ? card + 1 : nil }
        }
        if let missingKey {
            if let card {
                return .missingField(line: locator.line(ofCard: card, field: nil) ?? 1, field: missingKey, card: place)
            }
            return .missingField(line: 1, field: missingKey)
        }
        guard let field else {
            if let card {
                // The card itself is not an object (a list, null, a number, text): the decoder's
                // words name Swift types ("Expected to decode Dictionary<String, Any> …").
                let value = cards.indices.contains(card) ? Self.json(cards[card]) : "not an object"
                return .malformed(line: locator.line(ofCard: card, field: nil) ?? 1,
                                  reason: "card \(card + 1) of the file (counting from 1) is \(ImportError.quote(value, marks: false)), not a card: "
                                      + "each card is an object in braces, {\"name\": …}, as `cardshow export --format json` writes it")
            }
            return .malformed(line: 1, reason: context.debugDescription)
        }
        guard let card else {
            // A field of the document itself (exportDate, version): shown as it was sent.
            return .invalidField(line: 1, field: field, value: document[field].map(describe) ?? "", reason: Self.reason(for: error, context))
        }
        let line = locator.line(ofCard: card, field: field) ?? locator.line(ofCard: card, field: nil) ?? 1
        let raw = (cards.indices.contains(card) ? (cards[card] as? [String: Any])?[field] : nil).map(describe) ?? ""
        return .invalidField(line: line, field: field, value: raw, reason: Self.reason(for: error, context), card: place)
    }

    static func reason(for error: DecodingError, _ context: DecodingError.Context) -> String {
        switch error {
        case let .typeMismatch(type, _):
            if type == Double.self || type == Int.self {
                // Say what the field takes, with its range, not only what the value is not.
                switch context.codingPath.last?.stringValue {
                case CardField.marketValue.jsonKey, CardField.purchaseCost.jsonKey: return DealerInput.amountExpectation
                case CardField.grade.jsonKey: return "is not a grade: a card's grade is a whole number from 1 to 10"
                default: return "is not a number"
                }
            }
            if type == String.self { return "is not text in quotes" }
            if type == Bool.self { return "is not true or false" }
            if type == [String].self || String(describing: type).hasPrefix("Array") { return "is not a list" }
            return "is not the kind of value this field holds"
        case .valueNotFound:
            return "is null, but this field needs a value"
        case .dataCorrupted:
            if context.debugDescription == ISO8601.expectation { return ISO8601.expectation }
            // The decoder's own words name Swift types ("Attempted to decode UUID ..."): say it as a dealer would.
            if context.codingPath.last?.stringValue == CardField.id.jsonKey {
                return "is not a card ID: give all 36 characters of one, such as 3F2A9C1B-0D1E-4C55-9B7A-1A2B3C4D5E6F"
            }
            return "cannot be read as this field's value"
        default:
            return context.debugDescription
        }
    }

    static func describe(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let string = value as? String { return string }
        // An object or a list as JSON writes it, not as Swift describes it (["x": 1]).
        if value is [Any] || value is [String: Any] { return json(value) }
        return "\(value)"
    }

    /// A value of the document written as JSON, compactly.
    static func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]),
              let text = String(data: data, encoding: .utf8) else { return "\(value)" }
        return text
    }
}
