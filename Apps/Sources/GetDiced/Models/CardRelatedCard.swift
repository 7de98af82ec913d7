import GRDB

/// A row of `card_related_cards`: a card that refers to another one.
public struct CardRelatedCard: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "card_related_cards"

    public var cardUUID: String
    public var relatedUUID: String

    public init(cardUUID: String, relatedUUID: String) {
        self.cardUUID = cardUUID
        self.relatedUUID = relatedUUID
    }

    public enum CodingKeys: String, CodingKey {
        case cardUUID = "card_uuid"
        case relatedUUID = "related_uuid"
    }
}
