import GRDB

/// The catalog's cards by name, compared as every name in getdiced is (`NameFolding`: "TOUCHÉ"
/// and "Touché" typed with a combining accent find "En Garde Touché", where SQLite's `NOCASE`
/// folds ASCII letters only). Read once for a whole deck list or export, so that a list of many
/// lines folds the catalog's names once rather than once a line.
struct CardNameIndex {
    private var idsByKey: [String: [String]] = [:]

    init(_ db: Database) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT db_uuid, name FROM cards ORDER BY db_uuid")
        while let row = try rows.next() {
            // A key or name another program stored as something other than text names no card
            // anyone can type; the card is still found by its id.
            guard let id = String.fromDatabaseValue(row["db_uuid"] as DatabaseValue? ?? .null),
                  let name = String.fromDatabaseValue(row["name"] as DatabaseValue? ?? .null) else { continue }
            idsByKey[NameFolding.key(name), default: []].append(id)
        }
    }

    /// How many cards are named `name`.
    func count(named name: String) -> Int { idsByKey[NameFolding.key(name)]?.count ?? 0 }

    /// The cards named `name`, by id.
    func cards(named name: String, in db: Database) throws -> [Card] {
        try (idsByKey[NameFolding.key(name)] ?? []).compactMap { try Card.fetchOne(db, key: $0) }
    }
}
