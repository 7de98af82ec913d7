import GRDB

/// The filters of a card search; `nil` means "any".
public struct CardSearch: Hashable, Sendable {
    /// Part of the name, matched without regard to case.
    public var text: String?
    public var cardType: CardType?
    public var attackType: AttackType?
    public var division: String?
    /// At most this many cards, 100 by default.
    public var limit: Int

    public init(
        text: String? = nil, cardType: CardType? = nil, attackType: AttackType? = nil,
        division: String? = nil, limit: Int = 100
    ) {
        self.text = text
        self.cardType = cardType
        self.attackType = attackType
        self.division = division
        self.limit = limit
    }
}

extension GetDicedDatabase {
    /// Cards matching every filter of `search`, by name.
    public func searchCards(_ search: CardSearch) throws -> [Card] {
        guard search.limit > 0 else { throw GetDicedError.invalidLimit(search.limit) }
        let pattern = search.text.flatMap { $0.isEmpty ? nil : "%\(Self.escapeLike($0))%" }
        return try read { db in
            try Card.fetchAll(db, SQLRequest<Card>(literal: """
                SELECT * FROM cards
                WHERE (\(pattern) IS NULL OR name LIKE \(pattern) ESCAPE '\\' COLLATE NOCASE)
                  AND (\(search.cardType) IS NULL OR card_type = \(search.cardType))
                  AND (\(search.attackType) IS NULL OR atk_type = \(search.attackType))
                  AND (\(search.division) IS NULL OR division = \(search.division))
                ORDER BY name ASC
                LIMIT \(search.limit)
                """))
        }
    }

    /// Makes `%` and `_` in user text match themselves.
    static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
