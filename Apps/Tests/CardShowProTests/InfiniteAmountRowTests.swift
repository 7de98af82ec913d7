import Foundation
import Testing

/// Amounts another program stored as infinity (`9e999`): a figure made of two of them
/// (infinity less infinity) is no number, and the tool says it is unknown, where it wrote
/// "-$NaN".
@Suite("A row whose amounts are infinite")
struct InfiniteAmountRowTests: HandEditedStoreSuite {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test func aSaleWhoseProceedsAndCostAreBothInfiniteShowsItsProfitAsUnknown() throws {
        let added = try tool.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58", "--cost", "2",
                                  "--store", store, "--json"])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String)
        #expect(try tool.run(["sale", "record", "--card", id, "--price", "10", "--store", store]).status == 0)
        try setInStore("UPDATE SalesHistory SET salePrice = 9e999, netProfit = 9e999, costBasis = 9e999")
        let listed = try tool.run(["sale", "list", "--store", store])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(!listed.stdout.contains("NaN"), "\(listed.stdout)")
        let row = try #require(listed.stdout.split(separator: "\n").first { $0.contains("Pikachu") })
        #expect(row.split(separator: " ").last == "—", "\(listed.stdout)")
    }
}
