import Foundation
import Testing

/// `cardshow event bring` (and `grading submit`, `trade record --give`) of many IDs: each ID
/// read every card of the store again, so that the time grew with the IDs times the store's
/// cards (3,000 cards of 5,000 brought to an event: 20 s).
@Suite(.serialized) struct ManyCardIDsTests {
    /// How long `event bring` of `brought` cards of a store of `count` cards takes.
    func bringTime(of brought: Int, amongStoreOf count: Int) throws -> Duration {
        let directory = try TemporaryDirectory()
        let tool = CardShowProcess(dataHome: directory.url)
        let store = directory.file("cards.store").path
        let lines = (0..<count).map { "Card \($0),Set,\($0),Normal,Near Mint,1.00,2.00,1.00,2026-01-01T00:00:00Z" }
        let file = directory.file("cards.csv")
        try (["Name,Set,Number,Variant,Condition,Purchase Cost,Market Value,Profit,Acquired Date"] + lines)
            .joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try tool.run(["import", file.path, "--store", store]).status == 0)
        #expect(try tool.run(["event", "start", "--name", "Show", "--location", "Hall", "--store", store]).status == 0)
        let listed = try tool.run(["card", "list", "--json", "--store", store])
        let ids = ((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        var output: CardShowProcess.Output?
        let time = try ContinuousClock().measure { output = try tool.run(["event", "bring"] + ids.prefix(brought) + ["--store", store]) }
        #expect(output?.status == 0, "\(output?.stderr ?? "")")
        #expect(output?.stdout.contains("\(brought) cards brought") == true, "\(output?.stdout ?? "")")
        return time
    }

    @Test func bringingManyCardsReadsTheStoreOnceNotOncePerCard() throws {
        let small = try bringTime(of: 200, amongStoreOf: 250)
        let large = try bringTime(of: 200, amongStoreOf: 12_000)
        // The store read once: a store 48 times larger adds one read of it, where it added 200.
        #expect(large < small * 4, "200 cards of 250: \(small), of 12,000: \(large)")
    }
}
