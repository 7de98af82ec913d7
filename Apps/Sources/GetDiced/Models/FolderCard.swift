import GRDB

/// A row of `folder_cards`: how many copies of a card a folder holds.
public struct FolderCard: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "folder_cards"

    /// The most copies of one card a folder holds: more than any collection has, and
    /// far from where adding to a count could overflow.
    public static let maximumQuantity = 999_999

    public var folderID: String
    public var cardUUID: String
    public var quantity: Int
    /// Milliseconds since 1970.
    public var addedAt: Int64

    public init(folderID: String, cardUUID: String, quantity: Int, addedAt: Int64) {
        self.folderID = folderID
        self.cardUUID = cardUUID
        self.quantity = quantity
        self.addedAt = addedAt
    }

    public enum CodingKeys: String, CodingKey {
        case folderID = "folder_id"
        case cardUUID = "card_uuid"
        case quantity
        case addedAt = "added_at"
    }
}
