import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Paging through the card list")
struct CardListPagingTests {
    let home: TemporaryDirectory
    let cli: CardShowProcess

    init() throws {
        home = try TemporaryDirectory()
        cli = CardShowProcess(dataHome: home.url)
    }

    func names(_ output: CardShowProcess.Output) throws -> [String] {
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        return cards.compactMap { $0["name"] as? String }
    }

    @Test func theStoreReturnsOnlyTheRequestedPageInSortOrder() throws {
        let context = try makeContext()
        try InventoryService(context: context).add(["E", "C", "A", "D", "B"].map { name in
            InventoryCard(name: name, setName: "Set", cardNumber: "1", condition: .nearMint, marketValue: 1,
                          purchaseCost: nil, acquiredDate: day(0))
        })
        let page = try InventoryQueries(context: context)
            .cards(matching: CardFilter(), sortBy: [SortDescriptor(\.name)], limit: 2, offset: 1)
        #expect(page.map(\.name) == ["B", "C"])
        #expect(try InventoryQueries(context: context).count(matching: CardFilter()) == 5)
    }

    @Test func limitAndOffsetPageTheListingAsJSON() throws {
        let store = home.file("paging.store").path
        for name in ["E", "C", "A", "D", "B"] {
            #expect(try cli.run(["card", "add", "--name", name, "--set", "S", "--number", "1", "--store", store]).status == 0)
        }
        let page = try cli.run(["card", "list", "--limit", "2", "--offset", "1", "--json", "--store", store])
        #expect(page.status == 0)
        #expect(try names(page) == ["B", "C"])
        #expect(try names(try cli.run(["card", "list", "--offset", "3", "--json", "--store", store])) == ["D", "E"])
    }

    @Test func aListingThatIsNotATerminalStillListsEveryCard() throws {
        let store = home.file("all.store").path
        for name in ["A", "B", "C"] {
            #expect(try cli.run(["card", "add", "--name", name, "--set", "S", "--number", "1", "--store", store]).status == 0)
        }
        let all = try cli.run(["card", "list", "--store", store])
        #expect(all.stdout.contains("3 cards"))
        #expect(!all.stderr.contains("more card"))
    }

    @Test func aLimitOfZeroIsRefusedWithWhatToGive() throws {
        let output = try cli.run(["card", "list", "--limit", "0", "--store", home.file("none.store").path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--limit needs a number of cards, 1 or more."))
    }
}
