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
        // Folded as names are compared (`NameFolding`), where `LIKE` ignores the case of ASCII
        // letters only: "TOUCHÉ" finds "En Garde Touché".
        let folded = search.text.flatMap { $0.isEmpty ? nil : NameFolding.key($0) }
        // A division is a word of the catalog, as a card type is: matched ignoring case, and one
        // no card is in is named, where it would read as a division without matching cards.
        let division = search.division.map(NameFolding.key)
        return try read { db in
            if let given = search.division, let division {
                let known = try String.fetchAll(
                    db, sql: "SELECT DISTINCT division FROM cards WHERE typeof(division) = 'text' AND division <> '' ORDER BY division")
                if !known.contains(where: { NameFolding.key($0) == division }) {
                    throw GetDicedError.unknownDivision(given, known: known)
                }
            }
            return try Card.fetchAll(db, SQLRequest<Card>(literal: """
                SELECT * FROM cards
                WHERE (\(folded) IS NULL OR instr(getdiced_fold(name), \(folded)) > 0)
                  AND (\(search.cardType) IS NULL OR card_type = \(search.cardType))
                  AND (\(search.attackType) IS NULL OR atk_type = \(search.attackType))
                  AND (\(division) IS NULL OR getdiced_fold(division) = \(division))
                ORDER BY name ASC
                LIMIT \(search.limit)
                """))
        }
    }
}
