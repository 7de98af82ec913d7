import CommandLineSupport
import Foundation
import OpenSwiftData
import Testing

/// The engine's errors told in each tool's words.
@Suite struct EngineErrorMessageTests {
    let words = EngineErrorMessage(tool: "assetflow", storeName: "AssetFlow store", words: ["Category": "category"])

    @Test func aFileThatIsNotAStoreIsNamedWithTheToolsStore() {
        #expect(words.message(for: .storeNotADatabase(path: "/tmp/notes.txt"))
                == "/tmp/notes.txt is not an AssetFlow store (it is not a database). Check the --store path.")
    }

    @Test func anotherProgramsDatabaseOrAnotherAppsStoreIsNotTheToolsStore() {
        #expect(words.message(for: .storeHoldsOtherData(path: "/tmp/cards.db", names: ["cards"]))
                == "/tmp/cards.db is not an AssetFlow store: it holds another program's data, or another app's. "
                    + "Nothing was changed. Check the --store path.")
    }

    @Test func aFileSystemErrorIsToldWithItsPathAndReasonNotFoundationsWords() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("osd-not-a-folder-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = #expect(throws: (any Error).self) {
            try FileManager.default.createDirectory(at: file.appendingPathComponent("store"), withIntermediateDirectories: true)
        }
        let message = "\(try #require(error.map(words.translate)))"
        #expect(message.contains("a part of its path is a file, not a folder"), "\(message)")
        #expect(!message.contains("NSCocoaErrorDomain") && !message.contains("could not be completed"), "\(message)")
    }

    /// A card's value another program stored as `9e999`, read back as infinity: every listing
    /// in JSON (and the server's pages) said "The data could not be read: it is not in the
    /// format … expects", of data that was read, naming neither the value nor its record.
    @Test func aNumberJSONCannotHoldIsNamedByItsPlaceNotToldAsDataUnread() throws {
        struct Card: Encodable { var marketValue: Double }
        struct Page: Encodable { var cards: [Card] }
        let error = #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(Page(cards: [Card(marketValue: 1), Card(marketValue: .infinity)]))
        }
        let message = "\(try #require(error.map(words.translate)))"
        #expect(message == "The JSON could not be written: the value at cards[1].marketValue is infinity, which another program stored, "
                    + "and JSON has no such number. Nothing was changed.\n"
                    + "Give that record its value again, then try again.", "\(message)")
    }

    @Test func aRefusedDeleteNamesTheRecordInTheUsersWord() {
        let message = words.message(for: .deleteDenied(entity: "Category", relationship: "assets", relatedCount: 2))
        #expect(message == "This category cannot be deleted while 2 records still refer to it. Nothing was changed.")
    }

    /// Was "while 1 record still refer to it".
    @Test func aDeleteRefusedForOneRecordSaysItInTheSingular() {
        let message = words.message(for: .deleteDenied(entity: "Category", relationship: "assets", relatedCount: 1))
        #expect(message == "This category cannot be deleted while 1 record still refers to it. Nothing was changed.")
    }

    @Test func aDeleteAnotherProcessAddedToMeanwhileSaysToRunItAgain() {
        let message = words.message(for: .deleteMissedMembers(entity: "Category", relationship: "assets", relatedCount: 1))
        #expect(message.hasPrefix("Another ") && message.contains(" added to this category while this one deleted it. Nothing was changed; run the command again."),
                "\(message)")
    }

    @Test func anErrorWithSQLInItIsToldWithoutIt() {
        let message = words.message(for: .sqlite("UNIQUE constraint failed: SELECT * FROM Asset"))
        #expect(!message.contains("SELECT") && !message.contains("Asset"))
        #expect(message.contains("Nothing was changed"))
    }
}

/// A store that may not be written is said to be read-only, naming it: not damaged, and
/// no word of restoring a backup.
@Suite struct ReadOnlyStoreWordsTests {
    @Test func aReadOnlyStoreIsSaidToBeReadOnlyAndThatNothingChanged() throws {
        var words = EngineErrorMessage(tool: "demo", storeName: "Demo store", recovery: "restore a backup (demo restore FILE)")
        words.storePath = "/data/t.store"
        for error in [OpenSwiftDataError.sqlite("attempt to write a readonly database"),
                      OpenSwiftDataError.storeCannotOpen(path: "/data/t.store", reason: "attempt to write a readonly database"),
                      OpenSwiftDataError.storeOnReadOnlyMedia(path: "/data/t.store")] {
            let message = "\(words.translate(error))"
            #expect(message.contains("The store /data/t.store is read-only"), "\(message)")
            #expect(message.contains("nothing was changed"), "\(message)")
            #expect(!message.contains("backup") && !message.contains("SQLite"), "\(message)")
        }
    }
}

/// A value the model refuses, or one it lacks, is named by its property in words, in a
/// sentence whose verb agrees whatever the property: before, "The tags of the card is not a
/// value cardshow can keep", and "marketValue" as the program spells it.
@Suite struct PropertyWordsTests {
    let words = EngineErrorMessage(tool: "cardshow", storeName: "CardShow Pro store", words: ["InventoryCard": "card"])

    @Test func aValueTheModelCannotKeepIsNamedByItsPropertyInWords() {
        let message = words.message(for: .invalidValue(entity: "InventoryCard", property: "marketValue", reason: "not a number"))
        #expect(message == "The value given for the card's market value is not one cardshow can keep. Nothing was changed.")
    }

    @Test func aMissingValueIsNamedByItsPropertyInWords() {
        let message = words.message(for: .missingValue(entity: "InventoryCard", property: "setName"))
        #expect(message == "The card has no set name, and it needs one. Nothing was changed.")
    }

    @Test(arguments: [("tags", "tags"), ("externalID", "external ID"), ("URLText", "URL text"), ("isAllDay", "is all day")])
    func aPropertysNameIsSaidAsWords(name: String, spoken: String) {
        #expect(words.spoken(name) == spoken)
    }
}
