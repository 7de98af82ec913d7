import GRDB

/// A card with every card linked to it, in both directions.
public struct CardDetails: Codable, Hashable, Sendable {
    public var card: Card
    /// Finishes that belong to this card (`card_related_finishes`, card → finish).
    public var relatedFinishes: [Card]
    /// Cards this finish belongs to (`card_related_finishes`, finish → card).
    public var finishOf: [Card]
    /// Cards this card lists as related (`card_related_cards`, card → related).
    public var relatedCards: [Card]
    /// Cards that list this card as related (`card_related_cards`, related → card).
    public var relatedFrom: [Card]

    public enum CodingKeys: String, CodingKey {
        case card
        case relatedFinishes = "related_finishes"
        case finishOf = "finish_of"
        case relatedCards = "related_cards"
        case relatedFrom = "related_from"
    }
}

extension GetDicedDatabase {
    /// The finishes linked to card `uuid`, by name.
    public func relatedFinishes(of uuid: String) throws -> [Card] {
        try read { db in
            try Card.fetchAll(db, sql: """
                SELECT c.* FROM cards c
                INNER JOIN card_related_finishes r ON r.finish_uuid = c.db_uuid
                WHERE r.card_uuid = ?
                ORDER BY c.name ASC
                """, arguments: [uuid])
        }
    }

    /// The cards that finish `uuid` is linked to, by name.
    public func cards(withFinish uuid: String) throws -> [Card] {
        try read { db in
            try Card.fetchAll(db, sql: """
                SELECT c.* FROM cards c
                INNER JOIN card_related_finishes r ON r.card_uuid = c.db_uuid
                WHERE r.finish_uuid = ?
                ORDER BY c.name ASC
                """, arguments: [uuid])
        }
    }

    /// The cards that card `uuid` lists as related, by name.
    public func relatedCards(of uuid: String) throws -> [Card] {
        try read { db in
            try Card.fetchAll(db, sql: """
                SELECT c.* FROM cards c
                INNER JOIN card_related_cards r ON r.related_uuid = c.db_uuid
                WHERE r.card_uuid = ?
                ORDER BY c.name ASC
                """, arguments: [uuid])
        }
    }

    /// The cards that list card `uuid` as related, by name.
    public func cards(relatedTo uuid: String) throws -> [Card] {
        try read { db in
            try Card.fetchAll(db, sql: """
                SELECT c.* FROM cards c
                INNER JOIN card_related_cards r ON r.card_uuid = c.db_uuid
                WHERE r.related_uuid = ?
                ORDER BY c.name ASC
                """, arguments: [uuid])
        }
    }

    /// `card` with its related finishes and related cards, both ways.
    public func details(of card: Card) throws -> CardDetails {
        CardDetails(
            card: card,
            relatedFinishes: try relatedFinishes(of: card.dbUUID),
            finishOf: try cards(withFinish: card.dbUUID),
            relatedCards: try relatedCards(of: card.dbUUID),
            relatedFrom: try cards(relatedTo: card.dbUUID))
    }
}
