import Foundation
import GRDB
import OpenSwiftData
import Testing
@testable import CardShowPro

/// A store holding a row this version cannot read (a condition a newer version
/// writes, a field another tool damaged) can still be backed up and salvaged.
@Suite("A store with an unreadable row")
struct UnreadableRowTests {
    let directory: TemporaryDirectory
    let store: URL

    /// Three cards, the second of them with the condition "Mint", which this version does not know.
    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file("cards.store")
        let context = ModelContext(try CardShowStore.container(at: store))
        try InventoryService(context: context).add([card("A", acquired: day(1)), card("B", acquired: day(2)), card("C", acquired: day(3))])
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in try db.execute(sql: "UPDATE InventoryCard SET condition = 'Mint' WHERE name = 'B'") }
        try queue.close()
    }

    @Test func fetchingEveryCardNamesTheRowAndTheValue() throws {
        let context = ModelContext(try CardShowStore.container(at: store))
        #expect {
            try context.fetch(FetchDescriptor<InventoryCard>())
        } throws: { error in
            "\(error)".contains("InventoryCard.condition") && "\(error)".contains("\"Mint\" in row 2")
        }
    }

    @Test func aBackupCopiesEveryRowWithoutReadingThem() throws {
        let summary = try StoreBackup.backup(storeAt: store, to: directory.file("cards.backup"))
        #expect(summary.cards == 3)
        let queue = try DatabaseQueue(path: directory.file("cards.backup").path)
        #expect(try queue.read { db in try String.fetchOne(db, sql: "SELECT condition FROM InventoryCard WHERE name = 'B'") } == "Mint")
        try queue.close()
    }

    @Test func listingSaysWhichCardCannotBeReadAndHowToSalvageTheRest() throws {
        let listed = try CardShowProcess(dataHome: directory.url).run(["card", "list", "--store", store.path])
        #expect(listed.status != 0)
        #expect(listed.stderr.contains("\"Mint\" in record 2"))
        #expect(listed.stderr.contains("cardshow export --skip-unreadable"))
    }

    @Test func exportSkippingUnreadableCardsWritesTheOthersAndNamesTheSkipped() throws {
        let exported = try CardShowProcess(dataHome: directory.url)
            .run(["export", "--format", "csv", "--skip-unreadable", "--store", store.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("\nA,") && exported.stdout.contains("\nC,") && !exported.stdout.contains("\nB,"))
        #expect(exported.stderr.contains("Skipped: card condition cannot be read"))
    }

    @Test func aSalvageExportsTheReadableCardsAndNamesTheOthers() throws {
        let exchange = InventoryExchange(context: ModelContext(try CardShowStore.container(at: store)))
        let (records, unreadable) = try exchange.readableRecords()
        #expect(records.map(\.name) == ["A", "C"])
        #expect(unreadable.count == 1)
        #expect(unreadable.first?.contains("\"Mint\" in row 2") == true)
    }
}
