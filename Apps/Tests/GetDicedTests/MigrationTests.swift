import Foundation
import GRDB
import Testing
@testable import GetDiced

@Suite("Migrating older user databases through PRAGMA user_version")
struct MigrationTests {
    static let legacy = [
        UserCard(cardID: TestCatalog.flipGordon.dbUUID, cardName: "Flip Gordon", quantityOwned: 2,
                 quantityWanted: 1, isCustom: false, addedTimestamp: 1_600_000_000_000),
        UserCard(cardID: TestCatalog.entrance.dbUUID, cardName: "Grand Entrance", quantityOwned: 0,
                 quantityWanted: 3, isCustom: false, addedTimestamp: 1_600_000_000_001),
        UserCard(cardID: "custom-card", cardName: "My Homebrew", quantityOwned: 1,
                 quantityWanted: 0, isCustom: true, addedTimestamp: 1_600_000_000_002),
    ]

    static func openVersion1(in directory: TemporaryDirectory) throws -> GetDicedDatabase {
        let path = try TestCatalog.writeVersion1(to: directory.file("v1.db"), userCards: legacy)
        return try GetDicedDatabase.open(at: path, clock: TestCatalog.clock)
    }

    @Test func bringsAVersion1DatabaseToVersion4() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.openVersion1(in: directory)
        #expect(database.migrationReport.fromVersion == 1)
        #expect(database.migrationReport.toVersion == 4)
        #expect(try database.userVersion() == 4)
        let tables = try database.read { db in
            try ["folders", "folder_cards", "deck_folders", "decks", "deck_cards",
                 "card_related_finishes", "card_related_cards"].filter { try db.tableExists($0) }
        }
        #expect(tables.count == 7)
    }

    @Test func movesLegacyOwnedQuantitiesIntoTheOwnedFolder() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.openVersion1(in: directory)
        let owned = try database.cardsInFolder(Folder.ownedID)
        #expect(owned.map(\.card.name) == ["Flip Gordon"])
        #expect(owned.first?.quantity == 2)
        #expect(owned.first?.addedAt == 1_600_000_000_000)
    }

    @Test func movesLegacyWantedQuantitiesIntoTheWantedFolder() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.openVersion1(in: directory)
        let wanted = try database.cardsInFolder(Folder.wantedID)
        #expect(wanted.map(\.card.name) == ["Flip Gordon", "Grand Entrance"])
        #expect(wanted.map(\.quantity) == [1, 3])
    }

    @Test func keepsLegacyRowsWhoseCardIsNotInTheCatalog() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.openVersion1(in: directory)
        #expect(database.migrationReport.legacyEntriesMoved == 3)
        #expect(database.migrationReport.legacyEntriesKept.map(\.cardID) == ["custom-card"])
        let remaining = try database.read { try UserCard.fetchAll($0) }
        #expect(remaining.count == Self.legacy.count)
    }

    @Test func addsDefaultFoldersAndDeckFoldersWhileMigrating() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.openVersion1(in: directory)
        let summary = try database.summary()
        #expect(summary.folders == 3)
        #expect(summary.deckFolders == 4)
    }

    @Test func migratesAVersion3DatabaseOnlyByAddingRelationships() throws {
        let directory = try TemporaryDirectory()
        let path = try TestCatalog.writeVersion1(to: directory.file("v3.db"), userCards: [])
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: Schema.folders)
            try db.execute(sql: Schema.decks)
            try DeckFolder(id: "mine", name: "Mine", isDefault: false, displayOrder: 0).insert(db)
            try db.execute(sql: "PRAGMA user_version = 3")
        }
        try queue.close()
        let database = try GetDicedDatabase.open(at: path)
        #expect(database.migrationReport.fromVersion == 3)
        // Step 2 → 3 did not run again, so the default deck folders were not added.
        #expect(try DeckService(database: database).deckFolders().map(\.id) == ["mine"])
        #expect(try database.read { try $0.tableExists("card_related_cards") })
    }

    @Test func aFailingStepRollsBackAndKeepsTheLastGoodVersion() throws {
        let directory = try TemporaryDirectory()
        let path = try TestCatalog.writeVersion1(to: directory.file("v1.db"), userCards: Self.legacy)
        // A stray deck_folders table without the expected columns makes 2 → 3 fail.
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "CREATE TABLE deck_folders (id TEXT PRIMARY KEY)") }
        try queue.close()

        #expect(throws: DatabaseError.self) { try GetDicedDatabase.open(at: path) }

        let check = try DatabaseQueue(path: path)
        defer { try? check.close() }
        let (version, entries, hasDecks) = try check.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version"), try FolderCard.fetchCount(db), try db.tableExists("decks"))
        }
        #expect(version == 2)
        #expect(entries == 3)
        #expect(!hasDecks)
    }

    @Test func aCatalogAtVersion0KeepsFolderEntriesItAlreadyHas() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let queue = try DatabaseQueue(path: catalog)
        try queue.write { db in
            try FolderCard(folderID: "owned", cardUUID: TestCatalog.flipGordon.dbUUID, quantity: 5, addedAt: 1).insert(db)
            try Self.legacy[0].insert(db)
        }
        try queue.close()
        let database = try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: catalog)
        #expect(try database.cardsInFolder(Folder.ownedID).map(\.quantity) == [5])
        #expect(try database.cardsInFolder(Folder.wantedID).map(\.quantity) == [1])
    }
}
