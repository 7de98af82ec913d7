import GRDB

/// A deck with the number of cards it holds.
public struct DeckSummary: Codable, Hashable, Sendable, FetchableRecord {
    public var deck: Deck
    public var cardCount: Int

    public init(row: Row) throws {
        deck = try Deck(row: row)
        cardCount = try row.checked("card_count")
    }

    public enum CodingKeys: String, CodingKey {
        case deck
        case cardCount = "card_count"
    }
}

extension GetDicedDatabase {
    /// The decks of deck folder `folderID` with their card counts, by name.
    public func decksWithCardCount(inFolder folderID: String) throws -> [DeckSummary] {
        try read { db in
            try DeckSummary.fetchAll(db, sql: """
                SELECT d.*, COUNT(dc.card_uuid) as card_count
                FROM decks d
                LEFT JOIN deck_cards dc ON d.id = dc.deck_id
                WHERE d.folder_id = ?
                GROUP BY d.id
                ORDER BY d.name ASC
                """, arguments: [folderID])
        }
    }
}
