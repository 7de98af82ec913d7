import CommandLineSupport
import Foundation
import GetDiced

/// How commands print: results on stdout, notes on stderr.
enum Output {
    /// JSON keys that hold the Android app's millisecond timestamps; JSON shows them as
    /// ISO 8601 times (RFC 3339), which scripts and people can read.
    static let timestampKeys: Set<String> = ["synced_at", "created_at", "modified_at", "added_at", "added_timestamp"]

    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        let encoded = try encoder.encode(value)
        let object = withISOTimes(try JSONSerialization.jsonObject(with: encoded, options: [.fragmentsAllowed]))
        let data = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        print(String(decoding: data, as: UTF8.self))
    }

    private static func withISOTimes(_ value: Any) -> Any {
        if let array = value as? [Any] { return array.map(withISOTimes) }
        guard let object = value as? [String: Any] else { return value }
        var converted: [String: Any] = [:]
        for (key, item) in object {
            if timestampKeys.contains(key), let number = item as? NSNumber, !(item is Bool) {
                converted[key] = Timestamp.date(fromMilliseconds: number.int64Value)
                    .formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
            } else {
                converted[key] = withISOTimes(item)
            }
        }
        return converted
    }

    /// A message for the person at the terminal, kept out of piped output.
    static func note(_ message: String) {
        StandardError.write(Data((message + "\n").utf8))
    }

    static func noteMigration(_ report: MigrationReport, path: String) {
        guard !report.wasCurrent else { return }
        note("Migrated \(path.forTerminal) from schema version \(report.fromVersion) to \(report.toVersion).")
        if !report.legacyEntriesKept.isEmpty {
            note("\(counted(report.legacyEntriesKept.count, "legacy user_cards row")) \(report.legacyEntriesKept.count == 1 ? "names a card" : "name cards") the catalog lacks; \(report.legacyEntriesKept.count == 1 ? "it stays" : "they stay") in user_cards.")
        }
    }

    /// A table of cards: name, type (with its deck number) and db_uuid.
    static func cardTable(_ cards: [Card]) -> Table {
        var table = Table("NAME", "TYPE", "DB_UUID")
        for card in cards {
            table.add(card.name, card.cardType.rawValue + (card.deckCardNumber.map { " #\($0)" } ?? ""), card.dbUUID)
        }
        return table
    }

    /// `count noun` or `count nouns`.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
