import Foundation
import GetDiced

/// How commands print: results on stdout, notes on stderr.
enum Output {
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// A message for the person at the terminal, kept out of piped output.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func noteMigration(_ report: MigrationReport, path: String) {
        guard !report.wasCurrent else { return }
        note("migrated \(path) from schema version \(report.fromVersion) to \(report.toVersion)")
        if !report.legacyEntriesKept.isEmpty {
            note("\(report.legacyEntriesKept.count) legacy user_cards row(s) name cards the catalog lacks; they stay in user_cards")
        }
    }

    /// `Name  CardType #N  db_uuid`, padded so lists line up.
    static func cardLines(_ cards: [Card]) -> [String] {
        let labels = cards.map { card in
            (card.name, card.cardType.rawValue + (card.deckCardNumber.map { " #\($0)" } ?? ""), card.dbUUID)
        }
        let nameWidth = labels.map(\.0.count).max() ?? 0
        let typeWidth = labels.map(\.1.count).max() ?? 0
        return labels.map { name, type, id in
            "\(pad(name, nameWidth))  \(pad(type, typeWidth))  \(id)"
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
