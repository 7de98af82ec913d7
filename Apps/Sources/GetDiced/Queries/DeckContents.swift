import GRDB

/// A card in a deck slot.
public struct DeckCardEntry: Codable, Hashable, Sendable, FetchableRecord {
    public var slotType: SlotType
    public var slotNumber: Int
    public var card: Card

    public init(slotType: SlotType, slotNumber: Int, card: Card) {
        self.slotType = slotType
        self.slotNumber = slotNumber
        self.card = card
    }

    public init(row: Row) throws {
        card = try Card(row: row)
        slotType = try row.checked("slot_type")
        slotNumber = try row.checked("slot_number")
    }

    public enum CodingKeys: String, CodingKey {
        case slotType = "slot_type"
        case slotNumber = "slot_number"
        case card
    }
}

extension GetDicedDatabase {
    /// The cards of deck `deckID`: entrance, competitors, main deck 1-30, finishes,
    /// alternates, each group in slot order.
    ///
    /// Slots whose card left the catalog in a sync are not here; see
    /// ``slotsMissingFromCatalog(inDeck:)``.
    public func cardsInDeck(_ deckID: String) throws -> [DeckCardEntry] {
        try read { db in
            try DeckCardEntry.fetchAll(db, sql: """
                SELECT c.*, dc.slot_type, dc.slot_number
                FROM deck_cards dc
                INNER JOIN cards c ON dc.card_uuid = c.db_uuid
                WHERE dc.deck_id = ?
                ORDER BY
                    CASE dc.slot_type
                        WHEN 'ENTRANCE' THEN 1
                        WHEN 'COMPETITOR' THEN 2
                        WHEN 'DECK' THEN 3
                        WHEN 'FINISH' THEN 4
                        WHEN 'ALTERNATE' THEN 5
                    END,
                    dc.slot_number ASC
                """, arguments: [deckID])
        }
    }

    /// The slots of deck `deckID` whose card is no longer in the catalog.
    public func slotsMissingFromCatalog(inDeck deckID: String) throws -> [DeckCard] {
        try read { db in
            try DeckCard.fetchAll(db, sql: """
                SELECT dc.* FROM deck_cards dc
                WHERE dc.deck_id = ?
                  AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.db_uuid = dc.card_uuid)
                ORDER BY dc.slot_type, dc.slot_number
                """, arguments: [deckID])
        }
    }
}
