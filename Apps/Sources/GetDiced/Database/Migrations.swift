import GRDB

/// What opening a database did to bring it to the current schema.
public struct MigrationReport: Hashable, Sendable {
    /// `PRAGMA user_version` before opening; 0 for a fresh catalog.
    public var fromVersion: Int
    /// `PRAGMA user_version` after opening.
    public var toVersion: Int
    /// Legacy `user_cards` quantities copied into the Owned and Wanted folders.
    public var legacyEntriesMoved: Int
    /// Legacy `user_cards` rows whose card is not in the catalog (custom cards, for
    /// instance). They stay in `user_cards`, untouched.
    public var legacyEntriesKept: [UserCard]

    /// Whether the database was already at the current version.
    public var wasCurrent: Bool { fromVersion == toVersion }
}

/// Brings a database to ``Schema/version`` one `PRAGMA user_version` step at a time,
/// each step in its own transaction, so a failure leaves the last good version.
enum Migrations {
    /// Version 0 is a catalog the app never opened: the bundled file has some of the
    /// later tables already, so it takes every step, and the steps only add what is
    /// missing.
    ///
    /// `beforeWrite` runs first inside each step's transaction (the integrity check).
    static func migrate(
        _ writer: some DatabaseWriter, now: Int64, beforeWrite: (Database) throws -> Void = { _ in }
    ) throws -> MigrationReport {
        let fromVersion = try writer.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
        var report = MigrationReport(
            fromVersion: fromVersion, toVersion: fromVersion, legacyEntriesMoved: 0, legacyEntriesKept: [])
        var version = max(fromVersion, 1)
        while version < Schema.version {
            try writer.write { db in
                try beforeWrite(db)
                switch version {
                case 1: try addFolders(db, now: now, report: &report)
                case 2: try addDecks(db)
                default: try addRelationships(db)
                }
                // Inside the transaction: the version moves only if the step commits.
                try db.execute(sql: "PRAGMA user_version = \(version + 1)")
            }
            version += 1
            report.toVersion = version
        }
        try addCardNameIndex(writer, beforeWrite: beforeWrite)
        return report
    }

    /// Adds ``Schema/cardNameIndex`` when missing, writing only then, so opening a
    /// database that has it stays a read.
    static func addCardNameIndex(
        _ writer: some DatabaseWriter, beforeWrite: (Database) throws -> Void = { _ in }
    ) throws {
        let present = try writer.read { db in
            try db.indexes(on: Card.databaseTableName).contains { $0.name == "index_cards_name_nocase" }
        }
        // A store the user can only read still answers, just with slower name lookups.
        if !present {
            try? writer.write { db in
                try beforeWrite(db)
                try db.execute(sql: Schema.cardNameIndex)
            }
        }
    }

    /// 1 → 2: collection folders, and the legacy `user_cards` quantities moved into
    /// Owned and Wanted.
    static func addFolders(_ db: Database, now: Int64, report: inout MigrationReport) throws {
        try db.execute(sql: Schema.folders)
        for folder in Folder.defaults(createdAt: now) {
            try folder.insert(db, onConflict: .ignore)
        }
        guard try db.tableExists(UserCard.databaseTableName) else { return }

        let legacy = try UserCard.fetchAll(db, sql: "SELECT * FROM user_cards ORDER BY card_id")
        let catalog = try Set(String.fetchAll(
            db, sql: "SELECT db_uuid FROM cards WHERE db_uuid IN (SELECT card_id FROM user_cards)"))
        for entry in legacy {
            guard catalog.contains(entry.cardID) else {
                report.legacyEntriesKept.append(entry)
                continue
            }
            let moves = [(Folder.ownedID, entry.quantityOwned), (Folder.wantedID, entry.quantityWanted)]
            for (folderID, quantity) in moves where quantity > 0 {
                let row = FolderCard(
                    folderID: folderID, cardUUID: entry.cardID, quantity: quantity,
                    addedAt: entry.addedTimestamp)
                // A catalog at version 0 may already list the card; what it has wins.
                try row.insert(db, onConflict: .ignore)
                report.legacyEntriesMoved += 1
            }
        }
    }

    /// 2 → 3: deck folders, decks and deck slots.
    static func addDecks(_ db: Database) throws {
        try db.execute(sql: Schema.decks)
        for folder in DeckFolder.defaults {
            try folder.insert(db, onConflict: .ignore)
        }
    }

    /// 3 → 4: related finishes and related cards.
    static func addRelationships(_ db: Database) throws {
        try db.execute(sql: Schema.relationships)
    }
}
