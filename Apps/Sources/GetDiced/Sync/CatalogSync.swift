import GRDB

/// A user entry whose card is not in the catalog after a sync. It is kept as it
/// was; it can be removed, and it comes back to life if a later catalog has the card.
public struct MissingCardEntry: Codable, Hashable, Sendable {
    /// `folder` or `deck`.
    public var kind: String
    /// The folder or deck id.
    public var ownerID: String
    /// The folder or deck name.
    public var ownerName: String
    public var cardUUID: String
    /// The card's name from before the sync, when the old catalog had it.
    public var cardName: String?
    /// The quantity for a folder entry; the slot for a deck entry.
    public var detail: String

    public enum CodingKeys: String, CodingKey {
        case kind
        case ownerID = "owner_id"
        case ownerName = "owner_name"
        case cardUUID = "card_uuid"
        case cardName = "card_name"
        case detail
    }

    // Written by hand so that `card_name` is `null` rather than absent when unknown.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(ownerID, forKey: .ownerID)
        try container.encode(ownerName, forKey: .ownerName)
        try container.encode(cardUUID, forKey: .cardUUID)
        try container.encode(cardName, forKey: .cardName)
        try container.encode(detail, forKey: .detail)
    }
}

/// What a catalog sync changed.
public struct CatalogSyncReport: Codable, Hashable, Sendable {
    public var cardsBefore: Int
    public var cardsAfter: Int
    /// Cards in the new catalog that the old one did not have.
    public var cardsAdded: Int
    /// Cards of the old catalog that the new one does not have.
    public var cardsRemoved: Int
    /// Whether the relationship tables came from the new catalog (or were only
    /// pruned of links to removed cards, when it has none).
    public var relationshipsReplaced: Bool
    /// Folder and deck entries whose card is not in the new catalog, all kept.
    public var missingCards: [MissingCardEntry]

    public enum CodingKeys: String, CodingKey {
        case cardsBefore = "cards_before"
        case cardsAfter = "cards_after"
        case cardsAdded = "cards_added"
        case cardsRemoved = "cards_removed"
        case relationshipsReplaced = "relationships_replaced"
        case missingCards = "missing_cards"
    }
}

/// Replaces the `cards` table, and the card relationships, from a newer catalog
/// file while keeping every folder, folder card, deck and deck card.
///
/// `folder_cards` references `cards` with `ON DELETE CASCADE`, so emptying `cards`
/// with foreign keys on would delete the user's collection. The sync turns foreign
/// keys off around one transaction, checks afterwards that no user row was lost,
/// and reports entries whose card the new catalog lacks instead of dropping them.
public struct CatalogSync: Sendable {
    public let database: GetDicedDatabase

    public init(database: GetDicedDatabase) {
        self.database = database
    }

    /// Syncs from the catalog at `catalogPath`. On any error nothing changes.
    public func sync(fromCatalog catalogPath: String) throws -> CatalogSyncReport {
        let catalog = try CatalogFile.open(catalogPath)
        defer { try? catalog.close() }
        let (cards, finishes, related) = try Self.readCatalog(catalog, path: catalogPath)

        return try database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            var report: CatalogSyncReport!
            try db.inTransaction {
                try database.integrity.check(db)
                report = try Self.replace(
                    cards: cards, finishes: finishes, related: related, in: db, catalogPath: catalogPath)
                return .commit
            }
            return report
        }
    }

    private static func readCatalog(
        _ catalog: DatabaseQueue, path: String
    ) throws -> ([Card], [CardRelatedFinish]?, [CardRelatedCard]?) {
        do {
            return try catalog.read { db in
                let cards = try Card.fetchAll(db, sql: "SELECT * FROM cards")
                let finishes = try db.tableExists(CardRelatedFinish.databaseTableName)
                    ? CardRelatedFinish.fetchAll(db, sql: "SELECT card_uuid, finish_uuid FROM card_related_finishes") : nil
                let related = try db.tableExists(CardRelatedCard.databaseTableName)
                    ? CardRelatedCard.fetchAll(db, sql: "SELECT card_uuid, related_uuid FROM card_related_cards") : nil
                return (cards, finishes, related)
            }
        } catch let error as DatabaseError {
            throw GetDicedError.invalidCatalog(path: path, reason: CatalogFile.explain(error))
        } catch is RowDecodingError {
            // `CatalogFile.open` names a card's value of another kind; GRDB's words for one name Swift types.
            throw GetDicedError.invalidCatalog(path: path, reason: "a row of it holds no value, or one of another kind, where getdiced needs one")
        }
    }

    private static func replace(
        cards: [Card], finishes: [CardRelatedFinish]?, related: [CardRelatedCard]?,
        in db: Database, catalogPath: String
    ) throws -> CatalogSyncReport {
        let userTables = ["folders", "folder_cards", "deck_folders", "decks", "deck_cards"]
        let countsBefore = try userTables.map { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? 0 }
        let oldNames = try Dictionary(
            // Checked: GRDB's subscript stops the process on a key or name another program stored as bytes.
            Row.fetchAll(db, sql: "SELECT db_uuid, name FROM cards").map { (try $0.checked("db_uuid", as: String.self), try $0.checked("name", as: String.self)) },
            uniquingKeysWith: { first, _ in first })

        try db.execute(sql: "DELETE FROM cards")
        var newIDs: Set<String> = []
        for card in cards {
            guard newIDs.insert(card.dbUUID).inserted else {
                throw GetDicedError.invalidCatalog(path: catalogPath, reason: "card id \(card.dbUUID) appears twice")
            }
            try card.insert(db)
        }

        // Links are catalog data: take the new ones when the catalog has them, and
        // never keep a link to a card that is gone.
        if let finishes {
            try db.execute(sql: "DELETE FROM card_related_finishes")
            for link in finishes where newIDs.contains(link.cardUUID) && newIDs.contains(link.finishUUID) {
                try link.insert(db, onConflict: .ignore)
            }
        }
        if let related {
            try db.execute(sql: "DELETE FROM card_related_cards")
            for link in related where newIDs.contains(link.cardUUID) && newIDs.contains(link.relatedUUID) {
                try link.insert(db, onConflict: .ignore)
            }
        }
        try db.execute(sql: """
            DELETE FROM card_related_finishes
            WHERE card_uuid NOT IN (SELECT db_uuid FROM cards) OR finish_uuid NOT IN (SELECT db_uuid FROM cards);
            DELETE FROM card_related_cards
            WHERE card_uuid NOT IN (SELECT db_uuid FROM cards) OR related_uuid NOT IN (SELECT db_uuid FROM cards);
            """)

        let countsAfter = try userTables.map { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? 0 }
        // `PRAGMA foreign_keys` silently does nothing inside a transaction; should it
        // ever not take effect, the cascade would have taken user rows with it.
        guard countsAfter == countsBefore else {
            throw DatabaseError(message: "catalog sync would have deleted user rows; nothing was changed")
        }

        let missing = try Row.fetchAll(db, sql: """
            SELECT 'folder' AS kind, f.id AS owner_id, f.name AS owner_name, fc.card_uuid,
                   'quantity ' || fc.quantity AS detail, f.display_order AS o1, 0 AS o2
            FROM folder_cards fc JOIN folders f ON f.id = fc.folder_id
            WHERE fc.card_uuid NOT IN (SELECT db_uuid FROM cards)
            UNION ALL
            SELECT 'deck', d.id, d.name, dc.card_uuid, dc.slot_type || ' ' || dc.slot_number, 1000000, dc.slot_number
            FROM deck_cards dc JOIN decks d ON d.id = dc.deck_id
            WHERE dc.card_uuid NOT IN (SELECT db_uuid FROM cards)
            ORDER BY 1 DESC, 6, 3, 5
            """).map { row in
            MissingCardEntry(
                kind: try row.checked("kind"), ownerID: try row.checked("owner_id"), ownerName: try row.checked("owner_name"),
                cardUUID: try row.checked("card_uuid"), cardName: oldNames[try row.checked("card_uuid")], detail: try row.checked("detail"))
        }
        let oldIDs = Set(oldNames.keys)
        return CatalogSyncReport(
            cardsBefore: oldIDs.count, cardsAfter: newIDs.count,
            cardsAdded: newIDs.subtracting(oldIDs).count, cardsRemoved: oldIDs.subtracting(newIDs).count,
            relationshipsReplaced: finishes != nil && related != nil, missingCards: missing)
    }
}
