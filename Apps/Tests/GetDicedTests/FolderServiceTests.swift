import GRDB
import Testing
@testable import GetDiced

@Suite("Collection folders")
struct FolderServiceTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase
    let folders: FolderService
    let flip = TestCatalog.flipGordon.dbUUID
    let entrance = TestCatalog.entrance.dbUUID

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
        folders = FolderService(database: database)
    }

    /// Stores a count of `quantity` for the card in the folder, as another program might.
    func storeCount(_ quantity: Int, of card: String, in folder: Folder) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE folder_cards SET quantity = ? WHERE folder_id = ? AND card_uuid = ?",
                           arguments: [quantity, folder.id, card])
        }
    }

    @Test(arguments: [0, -5])
    func removingEveryCopyOfACardStoredWithNoCopiesTakesItOut(stored: Int) throws {
        let binder = try folders.createFolder(named: "Binder")
        try folders.add([flip], quantity: 2, to: "Binder")
        try storeCount(stored, of: flip, in: binder)
        #expect(try folders.remove(flip, from: "Binder") == 0)
        #expect(try database.read { try FolderCard.fetchCount($0) } == 0)
    }

    @Test func movingEveryCopyOfACardStoredWithNoCopiesIsRefusedNamingTheFolderAndTheCount() throws {
        let binder = try folders.createFolder(named: "Binder")
        try folders.add([flip], quantity: 2, to: "Binder")
        try storeCount(-5, of: flip, in: binder)
        #expect(throws: GetDicedError.noCopiesToMove(card: TestCatalog.flipGordon.name, folder: "Binder", have: -5)) {
            try folders.move(flip, from: "Binder", to: "Owned")
        }
        #expect(try database.read { try FolderCard.fetchAll($0) }.map(\.quantity) == [-5])
    }

    @Test func listsDefaultFoldersFirstThenCustomOnes() throws {
        try folders.createFolder(named: "Binder")
        #expect(try folders.folders().map(\.folder.name) == ["Owned", "Wanted", "Trade", "Binder"])
    }

    @Test func createsACustomFolderAfterTheOthers() throws {
        let binder = try folders.createFolder(named: "  Binder ")
        #expect(binder.name == "Binder")
        #expect(!binder.isDefault)
        #expect(binder.displayOrder == 3)
    }

    @Test func findsAFolderByIDOrByNameIgnoringCase() throws {
        #expect(try folders.folder("owned").name == "Owned")
        #expect(try folders.folder("WANTED").id == "wanted")
    }

    @Test func folderNamesIgnoreCaseInEveryScript() throws {
        let elan = try folders.createFolder(named: "Élan")
        #expect(throws: GetDicedError.nameTaken(kind: "folder", name: "élan")) { try folders.createFolder(named: "élan") }
        #expect(try folders.folder("ÉLAN").id == elan.id)
        #expect(try folders.renameFolder("élan", to: "ÉLAN").name == "ÉLAN")
    }

    @Test func folderNamesAreOneWhetherAnAccentIsComposedOrNot() throws {
        _ = try folders.createFolder(named: "\u{C9}lan")
        #expect(throws: GetDicedError.nameTaken(kind: "folder", name: "e\u{301}lan")) { try folders.createFolder(named: "e\u{301}lan") }
    }

    @Test func deckNamesFoldSharpSAsDoubleS() throws {
        let decks = DeckService(database: database)
        try decks.createDeck(named: "Straße")
        #expect(throws: GetDicedError.nameTaken(kind: "deck", name: "STRASSE")) { try decks.createDeck(named: "STRASSE") }
    }

    @Test func deckFolderAndDeckNamesIgnoreCaseInEveryScript() throws {
        let decks = DeckService(database: database)
        try decks.createDeckFolder(named: "Öl")
        #expect(throws: GetDicedError.nameTaken(kind: "deck folder", name: "öl")) { try decks.createDeckFolder(named: "öl") }
        try decks.createDeck(named: "Ärger")
        #expect(throws: GetDicedError.nameTaken(kind: "deck", name: "ärger")) { try decks.createDeck(named: "ärger") }
    }

    @Test func anUnknownFolderIsNamedInTheError() {
        #expect(throws: GetDicedError.folderNotFound("Attic")) { try folders.folder("Attic") }
    }

    @Test func aQuantityPastTheMaximumIsRefused() throws {
        #expect(throws: GetDicedError.invalidQuantity(Int.max)) { try folders.add([flip], quantity: Int.max, to: "Owned") }
        #expect(try folders.folders().first { $0.folder.name == "Owned" }?.totalQuantity == 0)
    }

    @Test func addingPastTheMaximumToACardsCopiesIsRefusedInsteadOfOverflowing() throws {
        try folders.add([flip], quantity: FolderCard.maximumQuantity, to: "Owned")
        #expect(throws: GetDicedError.self) { try folders.add([flip], to: "Owned") }
        #expect(try folders.folders().first { $0.folder.name == "Owned" }?.totalQuantity == FolderCard.maximumQuantity)
    }

    @Test func refusesADuplicateName() throws {
        try folders.createFolder(named: "Binder")
        #expect(throws: GetDicedError.nameTaken(kind: "folder", name: "binder")) { try folders.createFolder(named: "binder") }
        #expect(throws: GetDicedError.nameTaken(kind: "folder", name: "owned")) { try folders.createFolder(named: "owned") }
    }

    @Test func refusesAnEmptyName() {
        #expect(throws: GetDicedError.invalidName(kind: "folder")) { try folders.createFolder(named: "  ") }
    }

    @Test(arguments: ["\u{301}", "\u{FEFF}", "\u{200D}"]) func refusesANameThatShowsNothing(name: String) {
        #expect(throws: GetDicedError.invalidName(kind: "folder")) { try folders.createFolder(named: name) }
    }

    @Test func renamesACustomFolder() throws {
        let binder = try folders.createFolder(named: "Binder")
        try folders.renameFolder("binder", to: "Box")
        #expect(try folders.folder(binder.id).name == "Box")
    }

    @Test func defaultFoldersCannotBeRenamed() throws {
        #expect(throws: GetDicedError.defaultFolderProtected(folder: "Owned", action: "renamed")) {
            try folders.renameFolder("owned", to: "Mine")
        }
        #expect(try folders.folder("owned").name == "Owned")
    }

    @Test func defaultFoldersCannotBeDeleted() throws {
        try folders.add([flip], to: "trade")
        #expect(throws: GetDicedError.defaultFolderProtected(folder: "Trade", action: "deleted")) {
            try folders.deleteFolder("trade")
        }
        #expect(try database.cardsInFolder("trade").count == 1)
    }

    @Test func deletesACustomFolder() throws {
        try folders.createFolder(named: "Binder")
        try folders.deleteFolder("Binder")
        #expect(throws: GetDicedError.folderNotFound("Binder")) { try folders.folder("Binder") }
    }

    @Test func addingACardAgainRaisesItsQuantity() throws {
        try folders.add([flip], quantity: 2, to: "owned")
        try folders.add([flip], quantity: 3, to: "owned")
        #expect(try database.cardsInFolder("owned").map(\.quantity) == [5])
    }

    @Test func addsSeveralCardsInOneBatch() throws {
        try folders.add([flip, entrance], quantity: 2, to: "owned")
        #expect(try database.cardsInFolder("owned").map(\.quantity) == [2, 2])
    }

    @Test func aBatchWithAnUnknownCardAddsNothing() throws {
        try folders.add([flip], to: "owned")
        #expect(throws: GetDicedError.cardNotFound("nope", suggestions: [])) {
            try folders.add([entrance, flip, "nope"], to: "owned")
        }
        let entries = try database.cardsInFolder("owned")
        #expect(entries.map(\.card.dbUUID) == [flip])
        #expect(entries.map(\.quantity) == [1])
    }

    @Test func rejectsAQuantityBelowOne() {
        #expect(throws: GetDicedError.invalidQuantity(0)) { try folders.add([flip], quantity: 0, to: "owned") }
        #expect(throws: GetDicedError.invalidQuantity(-1)) { try folders.setQuantity(-1, of: flip, in: "owned") }
    }

    @Test func setsAQuantity() throws {
        try folders.add([flip], to: "owned")
        try folders.setQuantity(4, of: flip, in: "owned")
        try folders.setQuantity(2, of: entrance, in: "owned")
        #expect(try database.cardsInFolder("owned").map(\.quantity) == [4, 2])
    }

    @Test func removesSomeCopies() throws {
        try folders.add([flip], quantity: 3, to: "owned")
        #expect(try folders.remove(flip, quantity: 2, from: "owned") == 1)
        #expect(try database.cardsInFolder("owned").map(\.quantity) == [1])
    }

    @Test func removesTheWholeEntryWithoutAQuantity() throws {
        try folders.add([flip], quantity: 3, to: "owned")
        #expect(try folders.remove(flip, from: "owned") == 0)
        #expect(try database.cardsInFolder("owned").isEmpty)
    }

    @Test func refusesToRemoveMoreCopiesThanThereAre() throws {
        try folders.add([flip], quantity: 1, to: "owned")
        #expect(throws: GetDicedError.notEnoughCopies(card: "Flip Gordon", folder: "Owned", have: 1, requested: 2)) {
            try folders.remove(flip, quantity: 2, from: "owned")
        }
        #expect(try database.cardsInFolder("owned").map(\.quantity) == [1])
    }

    @Test func removingACardNotInTheFolderNamesBoth() {
        #expect(throws: GetDicedError.cardNotInFolder(card: "Flip Gordon", folder: "Owned")) {
            try folders.remove(flip, from: "owned")
        }
    }

    @Test func movesEveryCopyToAnotherFolder() throws {
        try folders.add([flip], quantity: 3, to: "wanted")
        try folders.move(flip, from: "wanted", to: "owned")
        #expect(try database.cardsInFolder("wanted").isEmpty)
        #expect(try database.cardsInFolder("owned").map(\.quantity) == [3])
    }

    @Test func movesSomeCopiesAndMergesWithTheDestination() throws {
        try folders.add([flip], quantity: 3, to: "owned")
        try folders.add([flip], quantity: 1, to: "trade")
        try folders.move(flip, quantity: 2, from: "owned", to: "trade")
        #expect(try database.cardsInFolder("owned").map(\.quantity) == [1])
        #expect(try database.cardsInFolder("trade").map(\.quantity) == [3])
    }

    @Test func aFailedMoveChangesNothing() throws {
        try folders.add([flip], quantity: 2, to: "owned")
        #expect(throws: GetDicedError.folderNotFound("Attic")) { try folders.move(flip, from: "owned", to: "Attic") }
        #expect(throws: GetDicedError.notEnoughCopies(card: "Flip Gordon", folder: "Owned", have: 2, requested: 5)) {
            try folders.move(flip, quantity: 5, from: "owned", to: "trade")
        }
        #expect(try database.cardsInFolder("owned").map(\.quantity) == [2])
        #expect(try database.cardsInFolder("trade").isEmpty)
    }

    @Test func refusesToMoveWithinOneFolder() {
        #expect(throws: GetDicedError.sameFolder("Owned")) { try folders.move(flip, from: "owned", to: "Owned") }
    }

    @Test func countsEntriesAndCopiesPerFolder() throws {
        try folders.add([flip], quantity: 3, to: "owned")
        try folders.add([entrance], quantity: 2, to: "owned")
        let owned = try #require(try folders.folders().first { $0.folder.id == "owned" })
        #expect(owned.entryCount == 2)
        #expect(owned.totalQuantity == 5)
    }
}
