import Foundation

/// W9: seed 000's import: read its CSV export of 10,000 cards back into an empty store.
///
/// Every engine parses with the same `CardCSV.parse` (only persistence differs) and
/// inserts the cards in one transaction or save. Measured: parsing and inserting.
/// Not measured: creating the empty store, reading back.
public enum W9Import {
    public static let label = "W9 import \(Scale.name(CardShowFixture.cardCount))"

    public struct Fixture: Sendable {
        /// The CSV export of W6's 10,000 cards.
        public let csv: String
        let expected: Digest
    }

    /// Every stored card, as the CSV carries it.
    public typealias Output = [InventoryCard]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        let (_, cards, _) = CardShowFixture.make()
        let csv = CardCSV.export(cards)
        return Fixture(csv: csv, expected: digest(cards))
    }

    /// The fields the CSV carries (no id, tags or grading), so that a fresh id per import does not count.
    static func digest(_ cards: [InventoryCard]) -> Digest {
        var digest = Digest()
        for card in cards {
            var h = RowHasher()
            h.combine(card.name); h.combine(card.setName); h.combine(card.cardNumber); h.combine(card.variant)
            h.combine(card.condition.rawValue); h.combine(card.purchaseCost) { $0.combine($1) }; h.combine(card.marketValue)
            h.combine(Int(card.acquiredDate.timeIntervalSince1970.rounded(.down)))
            digest.add(h)
        }
        return digest
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(digest(output), fixture.expected, "\(label): every card read back with the CSV's fields")
    }

    public static var cases: [BenchmarkCase] {
        implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftData, fluent: fluent).map { engine, body in
            .make(label, engine, freshStorePerIteration: true, iterations: Scale.iterations(5),
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }
}

extension CardCSV {
    /// Cards from seed 000's CSV export: the nine fields of each line (the profit is
    /// computed, so ignored), a new id, no tags, not graded.
    public static func parse(_ csv: String) throws -> [InventoryCard] {
        var cards: [InventoryCard] = []
        for (index, line) in csv.split(separator: "\n").enumerated() where index > 0 {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 9, let condition = CardCondition(rawValue: String(fields[4])),
                  let value = Double(fields[6]), let acquired = ISO8601UTC.date(from: fields[8]) else {
                throw WorkloadError("CSV line \(index + 1) is malformed: \(line)")
            }
            cards.append(InventoryCard(
                id: UUID(), name: String(fields[0]), setName: String(fields[1]), cardNumber: String(fields[2]),
                variant: String(fields[3]), condition: condition, purchaseCost: fields[5].isEmpty ? nil : Double(fields[5]),
                marketValue: value, lastPriceUpdate: acquired, acquiredDate: acquired, acquiredFrom: nil, imageURL: nil,
                localImagePath: nil, notes: nil, tags: [], isGraded: false, gradingCompany: nil, grade: nil, certNumber: nil))
        }
        return cards
    }
}

extension ISO8601UTC {
    /// The inverse of `string(from:)`: `yyyy-MM-dd'T'HH:mm:ss'Z'`.
    public static func date(from text: Substring) -> Date? {
        let digits = Array(text.utf8)
        guard digits.count == 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        // Days since 1970-01-01 from a civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }
}
