import Foundation
import GRDB
import Testing
@testable import GetDiced

@Suite("Syncing the catalog from a newer file")
struct CatalogSyncTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase
    let deck: Deck

    /// A user database with folder entries and a full deck.
    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
        let folders = FolderService(database: database)
        try folders.createFolder(named: "Binder")
        try folders.add([TestCatalog.flipGordon.dbUUID], quantity: 2, to: "owned")
        try folders.add([TestCatalog.gordonFinish.dbUUID, TestCatalog.trio.dbUUID], to: "Binder")
        deck = try TestCatalog.buildSinglesDeck(in: database)
    }

    /// The test catalog without Flip Gordon and Gordon Gainer, with Move 1 renamed
    /// and a new card.
    func newerCatalog() throws -> String {
        var cards = TestCatalog.cards.filter {
            $0.dbUUID != TestCatalog.flipGordon.dbUUID && $0.dbUUID != TestCatalog.gordonFinish.dbUUID
        }
        let move1 = cards.firstIndex { $0.dbUUID == TestCatalog.mainDeck[0].dbUUID }!
        cards[move1].name = "Move One"
        cards.append(Card(dbUUID: TestCatalog.id(999), name: "Brand New", cardType: .entrance, syncedAt: 1_800_000_000_000))
        return try TestCatalog.write(to: directory.file("newer.db"), cards: cards, relatedFinishes: [], relatedCards: [
            CardRelatedCard(cardUUID: TestCatalog.id(999), relatedUUID: TestCatalog.entrance.dbUUID),
        ])
    }

    @Test func replacesTheCards() throws {
        let report = try CatalogSync(database: database).sync(fromCatalog: try newerCatalog())
        #expect(report.cardsBefore == TestCatalog.cards.count)
        #expect(report.cardsAfter == TestCatalog.cards.count - 1)
        #expect(report.cardsAdded == 1)
        #expect(report.cardsRemoved == 2)
        #expect(try database.card(uuid: TestCatalog.mainDeck[0].dbUUID)?.name == "Move One")
        #expect(try database.card(uuid: TestCatalog.id(999))?.syncedAt == 1_800_000_000_000)
        #expect(try database.card(uuid: TestCatalog.flipGordon.dbUUID) == nil)
    }

    @Test func keepsEveryUserRow() throws {
        let before = try database.summary()
        _ = try CatalogSync(database: database).sync(fromCatalog: try newerCatalog())
        let after = try database.summary()
        #expect(after.folders == before.folders)
        #expect(after.folderCards == before.folderCards)
        #expect(after.deckFolders == before.deckFolders)
        #expect(after.decks == before.decks)
        #expect(after.deckCards == before.deckCards)
    }

    @Test func reportsEntriesWhoseCardVanishedWithTheirOldNames() throws {
        let report = try CatalogSync(database: database).sync(fromCatalog: try newerCatalog())
        let lines = report.missingCards.map { "\($0.kind) \($0.ownerName) \($0.detail) \($0.cardName ?? "?")" }
        #expect(lines == [
            "folder Owned quantity 2 Flip Gordon",
            "folder Binder quantity 1 Gordon Gainer",
            "deck Gordon Singles COMPETITOR 0 Flip Gordon",
            "deck Gordon Singles FINISH 0 Gordon Gainer",
        ])
    }

    @Test func vanishedEntriesStayVisibleAndRemovable() throws {
        _ = try CatalogSync(database: database).sync(fromCatalog: try newerCatalog())
        let folders = FolderService(database: database)
        #expect(try database.entriesMissingFromCatalog(inFolder: "owned").map(\.quantity) == [2])
        #expect(try folders.remove(TestCatalog.flipGordon.dbUUID, quantity: 1, from: "owned") == 1)
        #expect(try folders.remove(TestCatalog.flipGordon.dbUUID, from: "owned") == 0)
        #expect(try database.slotsMissingFromCatalog(inDeck: deck.id).count == 2)
    }

    @Test func aDeckWithAVanishedCardFailsValidationForThatCard() throws {
        _ = try CatalogSync(database: database).sync(fromCatalog: try newerCatalog())
        let violations = try DeckService(database: database).validate(deck.id).violations
        #expect(violations == [
            .cardNotInCatalog(slotType: .competitor, slot: 0, cardUUID: TestCatalog.flipGordon.dbUUID),
            .cardNotInCatalog(slotType: .finish, slot: 0, cardUUID: TestCatalog.gordonFinish.dbUUID),
        ])
    }

    @Test func vanishedEntriesComeBackWhenALaterCatalogHasTheCard() throws {
        _ = try CatalogSync(database: database).sync(fromCatalog: try newerCatalog())
        let original = directory.file("catalog.db")
        let report = try CatalogSync(database: database).sync(fromCatalog: original)
        #expect(report.missingCards.isEmpty)
        #expect(try database.cardsInFolder("owned").map(\.card.name) == ["Flip Gordon"])
        #expect(try DeckService(database: database).validate(deck.id).isValid)
    }

    @Test func takesTheRelationshipsOfTheNewCatalog() throws {
        _ = try CatalogSync(database: database).sync(fromCatalog: try newerCatalog())
        let summary = try database.summary()
        #expect(summary.relatedFinishes == 0)
        #expect(summary.relatedCards == 1)
    }

    @Test func keepsForeignKeysOnAfterwards() throws {
        _ = try CatalogSync(database: database).sync(fromCatalog: try newerCatalog())
        #expect(try database.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
    }

    @Test func aFileThatIsNotACatalogChangesNothing() throws {
        let before = try database.summary()
        let bogus = directory.file("bogus.db")
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: bogus))
        #expect(throws: GetDicedError.invalidCatalog(path: bogus, reason: "it is not an SQLite database")) {
            try CatalogSync(database: database).sync(fromCatalog: bogus)
        }
        #expect(try database.summary() == before)
    }

    @Test func aCatalogWithADuplicateIDChangesNothing() throws {
        let before = try database.summary()
        let path = directory.file("duplicate.db")
        let queue = try DatabaseQueue(path: path)
        // No primary key, so the file can hold the same id twice.
        try queue.write { db in
            try db.execute(sql: Schema.cards.replacingOccurrences(of: "PRIMARY KEY ", with: ""))
            try TestCatalog.entrance.insert(db)
            try TestCatalog.entrance.insert(db)
        }
        try queue.close()
        #expect(throws: GetDicedError.invalidCatalog(path: path, reason: "card id \(TestCatalog.entrance.dbUUID) appears twice")) {
            try CatalogSync(database: database).sync(fromCatalog: path)
        }
        #expect(try database.summary() == before)
        #expect(try database.card(uuid: TestCatalog.flipGordon.dbUUID) != nil)
    }
}
