import Foundation
import Testing

/// A mistyped --store creates nothing: commands that only read say there is no store.
@Suite("cardshow on a missing or empty store")
struct MissingStoreTests {
    let home: TemporaryDirectory
    let cli: CardShowProcess

    init() throws {
        home = try TemporaryDirectory()
        cli = CardShowProcess(dataHome: home.url)
    }

    @Test func readingAMissingStoreSaysSoAndCreatesNothing() throws {
        let folder = home.file("typo")
        let store = folder.appendingPathComponent("cards.store")
        let list = try cli.run(["card", "list", "--store", store.path])
        #expect(list.status != 0)
        #expect(list.stderr.contains("There is no store at \(store.path)"))
        #expect(list.stderr.contains("cardshow demo"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// The thirty-ninth pass: the path was printed with its line break, splitting the message.
    @Test func aMissingStoreWhosePathHoldsALineBreakIsNamedOnOneLine() throws {
        let store = home.file("no\nstore.store")
        let list = try cli.run(["card", "list", "--store", store.path])
        #expect(list.status != 0)
        #expect(list.stderr.contains("There is no store at \(home.url.path)/no\\u{A}store.store."), "\(list.stderr)")
    }

    @Test func aMissingDefaultStoreIsNotBlamedOnAStorePathTheUserNeverGave() throws {
        let list = try cli.run(["sale", "list"])
        #expect(list.status != 0)
        #expect(list.stderr.contains("There is no store at") && list.stderr.contains("yet"), "\(list.stderr)")
        #expect(!list.stderr.contains("--store"), "\(list.stderr)")
        #expect(list.stderr.contains("cardshow card add --name NAME --set SET --number N"), "\(list.stderr)")
    }

    @Test func addingACardCreatesAMissingStore() throws {
        let store = home.file("new/cards.store")
        let add = try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--store", store.path])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(FileManager.default.fileExists(atPath: store.path))
    }

    @Test func anEmptyFileJustCreatedIsTakenForAStoreAnotherCardshowIsCreating() throws {
        let store = home.file("creating.store")
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data()))
        let add = try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--store", store.path])
        #expect(add.status == 0, "\(add.stderr)")
    }

    @Test func anEmptyFileAtTheStorePathIsRefusedAndLeftAlone() throws {
        let store = home.file("empty.store")
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data()))
        // Made an hour ago, by another program: not a store another cardshow is creating now.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: store.path)
        let add = try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--store", store.path])
        #expect(add.status != 0)
        #expect(add.stderr.contains("is an empty file, not a CardShow Pro store"))
        let size = try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int
        #expect(size == 0)
    }
}
