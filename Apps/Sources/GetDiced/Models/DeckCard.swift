import GRDB

/// A row of `deck_cards`: the card in one slot of a deck.
public struct DeckCard: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "deck_cards"

    public var deckID: String
    public var cardUUID: String
    public var slotType: SlotType
    /// 0 for single slots, 1 to 30 for main deck slots.
    public var slotNumber: Int

    public init(deckID: String, cardUUID: String, slotType: SlotType, slotNumber: Int) {
        self.deckID = deckID
        self.cardUUID = cardUUID
        self.slotType = slotType
        self.slotNumber = slotNumber
    }

    public enum CodingKeys: String, CodingKey {
        case deckID = "deck_id"
        case cardUUID = "card_uuid"
        case slotType = "slot_type"
        case slotNumber = "slot_number"
    }
}
