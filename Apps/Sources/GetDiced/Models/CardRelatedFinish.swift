import GRDB

/// A row of `card_related_finishes`: a finish that belongs to a card, usually a
/// competitor's signature finish.
public struct CardRelatedFinish: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "card_related_finishes"

    public var cardUUID: String
    public var finishUUID: String

    public init(cardUUID: String, finishUUID: String) {
        self.cardUUID = cardUUID
        self.finishUUID = finishUUID
    }

    public enum CodingKeys: String, CodingKey {
        case cardUUID = "card_uuid"
        case finishUUID = "finish_uuid"
    }
}
