import CardShowPro
import Foundation
import OpenSwiftData
import Testing

/// `cardshow event bring` (and `grading submit`, `trade record --give`) of many IDs finds each
/// card reading the store once. Each ID once read every card of the store again, so that the
/// time grew with the IDs times the store's cards (3,000 cards of 5,000 brought to an event:
/// 20 s); how the time grows is W13's `cardshow bring` to measure (BENCHMARKS.md, session 44).
@Suite struct ManyCardIDsTests {
    @Test func bringingHundredsOfCardsOfALargeStoreByIDBringsEachOneNamed() throws {
        let directory = try TemporaryDirectory()
        let tool = CardShowProcess(dataHome: directory.url)
        let store = directory.file("cards.store").path
        let lines = (0..<2_000).map { "Card \($0),Set,\($0),Normal,Near Mint,1.00,2.00,1.00,2026-01-01T00:00:00Z" }
        let file = directory.file("cards.csv")
        try (["Name,Set,Number,Variant,Condition,Purchase Cost,Market Value,Profit,Acquired Date"] + lines)
            .joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try tool.run(["import", file.path, "--store", store]).status == 0)
        #expect(try tool.run(["event", "start", "--name", "Show", "--location", "Hall", "--store", store]).status == 0)
        let listed = try tool.run(["card", "list", "--json", "--store", store])
        let ids = ((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        // Every tenth card: whole IDs, and the first 8 characters of every other one.
        let named = ids.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
        let given = named.enumerated().map { $0.offset % 2 == 0 ? $0.element : String($0.element.prefix(8)) }

        let brought = try tool.run(["event", "bring"] + given + ["--store", store])
        #expect(brought.status == 0, "\(brought.stderr)")
        #expect(brought.stdout.contains("200 cards brought"), "\(brought.stdout)")
        let event = try ModelContext(CardShowStore.container(at: URL(fileURLWithPath: store))).fetch(FetchDescriptor<Event>()).first
        #expect(Set(event?.inventory?.map(\.id.uuidString) ?? []) == Set(named.map { $0.uppercased() }))
    }
}
