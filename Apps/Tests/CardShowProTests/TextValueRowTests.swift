import Foundation
import GRDB
import OpenSwiftData
import Testing
@testable import CardShowPro

/// A card whose market value another program stored as text: listings and counts
/// meet it and say so, instead of leaving it out of the inventory and its totals.
@Suite("A card whose value is stored as text")
struct TextValueRowTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file("cards.store")
        let context = ModelContext(try CardShowStore.container(at: store))
        try InventoryService(context: context).add([card("A", acquired: day(1)), card("B", acquired: day(2))])
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in try db.execute(sql: "UPDATE InventoryCard SET marketValue = 'abc' WHERE name = 'B'") }
        try queue.close()
    }

    func queries() throws -> InventoryQueries {
        InventoryQueries(context: ModelContext(try CardShowStore.container(at: store)))
    }

    @Test func listingTheInventoryFailsNamingTheValueInsteadOfLeavingTheCardOut() throws {
        let queries = try queries()
        #expect {
            try queries.cards(matching: CardFilter(inStockOnly: true), sortBy: [SortDescriptor(\.name)])
        } throws: { error in
            "\(error)".contains("InventoryCard.marketValue") && "\(error)".contains("abc")
        }
    }

    @Test func countingTheInventoryCountsTheCard() throws {
        #expect(try queries().count(matching: CardFilter(inStockOnly: true)) == 2)
    }

    @Test func theToolsListingSaysACardCannotBeRead() throws {
        let listed = try CardShowProcess(dataHome: directory.url).run(["card", "list", "--store", store.path])
        #expect(listed.status != 0)
        #expect(listed.stderr.contains("\"abc\""))
    }
}
