import GRDB

/// A card in a collection folder with its quantity.
public struct FolderCardEntry: Codable, Hashable, Sendable, FetchableRecord {
    public var card: Card
    public var quantity: Int
    /// Milliseconds since 1970.
    public var addedAt: Int64

    public init(row: Row) throws {
        card = try Card(row: row)
        quantity = try row.checked("quantity")
        addedAt = try row.checked("added_at")
    }

    public enum CodingKeys: String, CodingKey {
        case card, quantity
        case addedAt = "added_at"
    }
}

extension GetDicedDatabase {
    /// The cards of folder `folderID` with their quantities, by name.
    ///
    /// Entries whose card left the catalog in a sync are not here; see
    /// ``entriesMissingFromCatalog(inFolder:)``.
    public func cardsInFolder(_ folderID: String) throws -> [FolderCardEntry] {
        try read { db in
            try FolderCardEntry.fetchAll(db, sql: """
                SELECT c.*, fc.quantity, fc.added_at
                FROM cards c
                INNER JOIN folder_cards fc ON c.db_uuid = fc.card_uuid
                WHERE fc.folder_id = ?
                ORDER BY c.name ASC
                """, arguments: [folderID])
        }
    }

    /// The entries of folder `folderID` whose card is no longer in the catalog.
    public func entriesMissingFromCatalog(inFolder folderID: String) throws -> [FolderCard] {
        try read { db in
            try FolderCard.fetchAll(db, sql: """
                SELECT fc.* FROM folder_cards fc
                WHERE fc.folder_id = ?
                  AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.db_uuid = fc.card_uuid)
                ORDER BY fc.card_uuid
                """, arguments: [folderID])
        }
    }
}
