import GRDB

extension GetDicedDatabase {
    /// The card with this `db_uuid`, if the catalog has it.
    public func card(uuid: String) throws -> Card? {
        try read { try Card.fetchOne($0, key: uuid) }
    }

    /// Every card whose name is exactly `name`, ignoring case (`NameFolding`).
    public func cards(named name: String) throws -> [Card] {
        try read { db in
            try Card.fetchAll(db, sql: Self.cardsByNameSQL, arguments: ["key": NameFolding.key(name), "nonASCII": Self.nonASCIIPattern])
        }
    }

    /// The cards whose folded name is `:key`. A name of ASCII characters only folds to its
    /// lower case, which `NOCASE` compares, so those are found through the catalog's name
    /// index; only names with other characters ("Touché") are folded one by one.
    static let cardsByNameSQL = """
        SELECT * FROM cards WHERE name = :key COLLATE NOCASE
        UNION
        SELECT * FROM cards WHERE name GLOB :nonASCII AND getdiced_fold(name) = :key
        ORDER BY db_uuid
        """

    /// A name with a character outside ASCII, for `GLOB`, which compares code points.
    static let nonASCIIPattern = "*[^\u{01}-\u{7F}]*"

    /// The card that `reference` names: a `db_uuid`, or a name that only one card has.
    ///
    /// Throws ``GetDicedError/cardNotFound(_:suggestions:)`` with close names when
    /// nothing matches, and ``GetDicedError/ambiguousCard(_:candidates:)`` with the
    /// candidates' ids when several cards share the name.
    public func resolveCard(_ reference: String) throws -> Card {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        if let card = try card(uuid: trimmed) { return card }
        let matches = try cards(named: trimmed)
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            // A few of the catalog's names are in quotation marks ("Weather Balloon"), which a
            // shell takes away from a name typed as "Weather Balloon": say so, rather than
            // suggest a name that looks like the one given.
            let quoted = try cards(named: "\"\(trimmed)\"")
            if quoted.count == 1 { throw GetDicedError.cardNamedInQuotes(trimmed, catalogName: quoted[0].name) }
            throw GetDicedError.cardNotFound(trimmed, suggestions: try suggestions(for: trimmed))
        default:
            throw GetDicedError.ambiguousCard(
                trimmed, candidates: matches.map { "\($0.dbUUID) (\($0.cardType)\($0.deckCardNumber.map { " #\($0)" } ?? ""))" })
        }
    }

    /// Up to five names close to `text`: those containing it, else those containing
    /// its longest word, which survives a typo elsewhere in the name.
    func suggestions(for text: String) throws -> [String] {
        let words = text.split(separator: " ").map(String.init).filter { $0.count >= 3 }
        for candidate in [text] + words.sorted(by: { $0.count > $1.count }) {
            let names = try searchCards(CardSearch(text: candidate, limit: 5)).map(\.name)
            if !names.isEmpty { return names }
        }
        return []
    }
}
