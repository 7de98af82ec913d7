import GRDB

/// A row of the legacy `user_cards` table of version 1 databases.
///
/// Migration to version 2 copies these quantities into the Owned and Wanted
/// folders; the table itself stays, so rows that could not be copied are kept.
public struct UserCard: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "user_cards"

    public var cardID: String
    public var cardName: String
    public var quantityOwned: Int
    public var quantityWanted: Int
    public var isCustom: Bool
    /// Milliseconds since 1970.
    public var addedTimestamp: Int64

    public init(
        cardID: String, cardName: String, quantityOwned: Int, quantityWanted: Int,
        isCustom: Bool, addedTimestamp: Int64
    ) {
        self.cardID = cardID
        self.cardName = cardName
        self.quantityOwned = quantityOwned
        self.quantityWanted = quantityWanted
        self.isCustom = isCustom
        self.addedTimestamp = addedTimestamp
    }

    public enum CodingKeys: String, CodingKey {
        case cardID = "card_id"
        case cardName = "card_name"
        case quantityOwned = "quantity_owned"
        case quantityWanted = "quantity_wanted"
        case isCustom = "is_custom"
        case addedTimestamp = "added_timestamp"
    }
}
