import GRDB
import Testing
@testable import GetDiced

/// Each model writes, reads, updates and deletes its own table with the seed's
/// column names.
@Suite("Create, read, update and delete for every table")
struct ModelCRUDTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
    }

    @Test func cards() throws {
        var card = Card(dbUUID: "new-card", name: "Brand New", cardType: .mainDeck, deckCardNumber: 3, syncedAt: 42)
        try database.write { db in
            try card.insert(db)
            #expect(try Card.fetchOne(db, key: "new-card") == card)
            card.name = "Renamed"
            try card.update(db)
            #expect(try String.fetchOne(db, sql: "SELECT name FROM cards WHERE db_uuid = 'new-card'") == "Renamed")
            #expect(try card.delete(db))
            #expect(try Card.fetchOne(db, key: "new-card") == nil)
        }
    }

    @Test func folders() throws {
        var folder = Folder(id: "f1", name: "Binder", isDefault: false, displayOrder: 3, createdAt: 99)
        try database.write { db in
            try folder.insert(db)
            #expect(try Folder.fetchOne(db, key: "f1") == folder)
            folder.displayOrder = 7
            try folder.update(db)
            #expect(try Int.fetchOne(db, sql: "SELECT display_order FROM folders WHERE id = 'f1'") == 7)
            #expect(try folder.delete(db))
            #expect(try Folder.fetchOne(db, key: "f1") == nil)
        }
    }

    @Test func folderCards() throws {
        var entry = FolderCard(folderID: "owned", cardUUID: TestCatalog.flipGordon.dbUUID, quantity: 1, addedAt: 5)
        try database.write { db in
            try entry.insert(db)
            let key: [String: any DatabaseValueConvertible] = ["folder_id": "owned", "card_uuid": entry.cardUUID]
            #expect(try FolderCard.fetchOne(db, key: key) == entry)
            entry.quantity = 4
            try entry.update(db)
            #expect(try FolderCard.fetchOne(db, key: key)?.quantity == 4)
            #expect(try entry.delete(db))
            #expect(try FolderCard.fetchOne(db, key: key) == nil)
        }
    }

    @Test func deckFolders() throws {
        var folder = DeckFolder(id: "df", name: "Experiments", isDefault: false, displayOrder: 4)
        try database.write { db in
            try folder.insert(db)
            #expect(try DeckFolder.fetchOne(db, key: "df") == folder)
            folder.name = "Lab"
            try folder.update(db)
            #expect(try DeckFolder.fetchOne(db, key: "df")?.name == "Lab")
            #expect(try folder.delete(db))
            #expect(try DeckFolder.fetchOne(db, key: "df") == nil)
        }
    }

    @Test func decks() throws {
        var deck = Deck(id: "d1", folderID: "singles", name: "Test", spectacleType: .newman, createdAt: 1, modifiedAt: 1)
        try database.write { db in
            try deck.insert(db)
            #expect(try Deck.fetchOne(db, key: "d1") == deck)
            deck.spectacleType = .valiant
            deck.modifiedAt = 2
            try deck.update(db)
            #expect(try String.fetchOne(db, sql: "SELECT spectacle_type FROM decks WHERE id = 'd1'") == "VALIANT")
            #expect(try deck.delete(db))
            #expect(try Deck.fetchOne(db, key: "d1") == nil)
        }
    }

    @Test func deckCards() throws {
        let deck = Deck(id: "d1", folderID: "singles", name: "Test", createdAt: 1, modifiedAt: 1)
        var slot = DeckCard(deckID: "d1", cardUUID: TestCatalog.mainDeck[0].dbUUID, slotType: .deck, slotNumber: 1)
        try database.write { db in
            try deck.insert(db)
            try slot.insert(db)
            let key: [String: any DatabaseValueConvertible] = ["deck_id": "d1", "slot_type": "DECK", "slot_number": 1]
            #expect(try DeckCard.fetchOne(db, key: key) == slot)
            slot.cardUUID = TestCatalog.banned.dbUUID
            try slot.update(db)
            #expect(try DeckCard.fetchOne(db, key: key)?.cardUUID == TestCatalog.banned.dbUUID)
            #expect(try slot.delete(db))
            #expect(try DeckCard.fetchOne(db, key: key) == nil)
        }
    }

    @Test func cardRelatedFinishes() throws {
        let link = CardRelatedFinish(cardUUID: TestCatalog.slashGordon.dbUUID, finishUUID: TestCatalog.twinA.dbUUID)
        try database.write { db in
            try link.insert(db)
            let key = ["card_uuid": link.cardUUID, "finish_uuid": link.finishUUID]
            #expect(try CardRelatedFinish.fetchOne(db, key: key) == link)
            #expect(try link.delete(db))
            #expect(try CardRelatedFinish.fetchOne(db, key: key) == nil)
        }
    }

    @Test func cardRelatedCards() throws {
        let link = CardRelatedCard(cardUUID: TestCatalog.tornado.dbUUID, relatedUUID: TestCatalog.trio.dbUUID)
        try database.write { db in
            try link.insert(db)
            let key = ["card_uuid": link.cardUUID, "related_uuid": link.relatedUUID]
            #expect(try CardRelatedCard.fetchOne(db, key: key) == link)
            #expect(try link.delete(db))
            #expect(try CardRelatedCard.fetchOne(db, key: key) == nil)
        }
    }

    @Test func legacyUserCards() throws {
        var entry = UserCard(cardID: "c", cardName: "Old", quantityOwned: 1, quantityWanted: 0, isCustom: true, addedTimestamp: 9)
        try database.write { db in
            try entry.insert(db)
            #expect(try UserCard.fetchOne(db, key: "c") == entry)
            entry.quantityWanted = 2
            try entry.update(db)
            #expect(try Int.fetchOne(db, sql: "SELECT quantity_wanted FROM user_cards WHERE card_id = 'c'") == 2)
            #expect(try entry.delete(db))
            #expect(try UserCard.fetchOne(db, key: "c") == nil)
        }
    }
}

@Suite("Composite primary keys")
struct CompositeKeyTests {
    @Test func aCardCanBeInSeveralFoldersWithDifferentQuantities() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let uuid = TestCatalog.flipGordon.dbUUID
        try FolderService(database: database).add([uuid], quantity: 2, to: "owned")
        try FolderService(database: database).add([uuid], quantity: 5, to: "trade")
        let quantities = try database.read { db in
            try ["owned", "trade"].map {
                try FolderCard.fetchOne(db, key: ["folder_id": $0, "card_uuid": uuid])?.quantity
            }
        }
        #expect(quantities == [2, 5])
    }

    @Test func theSameFolderAndCardCannotBeInsertedTwice() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let entry = FolderCard(folderID: "owned", cardUUID: TestCatalog.flipGordon.dbUUID, quantity: 1, addedAt: 0)
        try database.write { try entry.insert($0) }
        #expect(throws: DatabaseError.self) { try database.write { try entry.insert($0) } }
    }

    @Test func aDeckSlotHoldsOneCardAndTheSameCardMayFillSeveralSlots() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let decks = DeckService(database: database)
        let deck = try decks.createDeck(named: "Test")
        try decks.place(TestCatalog.twinA.dbUUID, in: deck.id, slot: .finish)
        try decks.place(TestCatalog.twinA.dbUUID, in: deck.id, slot: .alternate)
        try decks.place(TestCatalog.mainDeck[28].dbUUID, in: deck.id, slot: .deck, number: 29)
        try decks.place(TestCatalog.twinA.dbUUID, in: deck.id, slot: .deck, number: 29)
        let slots = try database.read { db in
            try DeckCard.fetchAll(db, sql: "SELECT * FROM deck_cards ORDER BY slot_type")
        }
        #expect(slots.map(\.slotType) == [.alternate, .deck, .finish])
        #expect(slots.allSatisfy { $0.cardUUID == TestCatalog.twinA.dbUUID })
    }
}
