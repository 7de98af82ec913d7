import GRDB
import Testing
@testable import GetDiced

@Suite("Foreign key cascades")
struct ForeignKeyTests {
    @Test func deletingAFolderDeletesItsFolderCards() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let folders = FolderService(database: database)
        let binder = try folders.createFolder(named: "Binder")
        try folders.add([TestCatalog.flipGordon.dbUUID, TestCatalog.entrance.dbUUID], to: binder.id)
        try folders.add([TestCatalog.flipGordon.dbUUID], to: "owned")

        try folders.deleteFolder(binder.id)

        let remaining = try database.read { try FolderCard.fetchAll($0) }
        #expect(remaining.map(\.folderID) == ["owned"])
    }

    @Test func deletingADeckDeletesItsDeckCards() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let decks = DeckService(database: database)
        let deck = try decks.createDeck(named: "Test")
        try decks.place(TestCatalog.entrance.dbUUID, in: deck.id, slot: .entrance)
        try decks.deleteDeck(deck.id)
        #expect(try database.read { try DeckCard.fetchCount($0) } == 0)
    }

    @Test func deletingADeckFolderDeletesItsDecksAndTheirCards() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let decks = DeckService(database: database)
        let folder = try decks.createDeckFolder(named: "Experiments")
        let deck = try decks.createDeck(named: "Test", inFolder: folder.id)
        try decks.place(TestCatalog.entrance.dbUUID, in: deck.id, slot: .entrance)
        try decks.deleteDeckFolder(folder.id)
        let counts = try database.summary()
        #expect(counts.decks == 0)
        #expect(counts.deckCards == 0)
    }

    @Test func deletingACardDeletesItsFolderEntriesAndRelationships() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        try FolderService(database: database).add([TestCatalog.flipGordon.dbUUID], to: "owned")
        _ = try database.write { try TestCatalog.flipGordon.delete($0) }
        let counts = try database.summary()
        #expect(counts.folderCards == 0)
        #expect(counts.relatedFinishes == 0)
        #expect(counts.relatedCards == 0)
    }

    @Test func aFolderCardMustReferenceACatalogCard() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        #expect(throws: DatabaseError.self) {
            try database.write { db in
                try FolderCard(folderID: "owned", cardUUID: "no-such-card", quantity: 1, addedAt: 0).insert(db)
            }
        }
    }

    @Test func aDeckMustBelongToAnExistingDeckFolder() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        #expect(throws: DatabaseError.self) {
            try database.write { db in
                try Deck(id: "d", folderID: "nowhere", name: "Lost", createdAt: 0, modifiedAt: 0).insert(db)
            }
        }
    }
}
