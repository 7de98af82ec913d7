import GRDB
import Testing
@testable import GetDiced

@Suite("Deck imports that grow with the list, not with list times catalog")
struct DeckImportScaleTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase
    let decks: DeckService

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
        decks = DeckService(database: database)
    }

    @Test func lookingACardUpByNameUsesAnIndexInsteadOfReadingTheCatalog() throws {
        let plan = try database.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + GetDicedDatabase.cardsByNameSQL,
                arguments: ["key": "flip gordon", "nonASCII": GetDicedDatabase.nonASCIIPattern]
            ).map { $0["detail"] as String? ?? "" }
        }
        #expect(plan.contains { $0.contains("USING INDEX index_cards_name_nocase") })
    }

    @Test func reopeningADatabaseThatLostTheNameIndexAddsItBack() throws {
        try database.write { try $0.execute(sql: "DROP INDEX index_cards_name_nocase") }
        let reopened = try GetDicedDatabase.open(at: database.path, clock: TestCatalog.clock)
        let names = try reopened.read { try $0.indexes(on: "cards").map(\.name) }
        #expect(names.contains("index_cards_name_nocase"))
    }

    @Test func progressReachesTheTotalOnlyOnceTheDeckIsSaved() throws {
        let list = try DeckList.parse("Name: Long\n" + (1...50).map { _ in "Alternate: Flip Gordon" }.joined(separator: "\n"))
        // A second connection sees the deck only once the import's transaction commits.
        let observer = try DatabaseQueue(path: database.path)
        defer { try? observer.close() }
        var steps: [(done: Int, total: Int)] = []
        var decksSeenAtTheEnd: Int?
        _ = try decks.importDeckList(list) { done, total in
            steps.append((done, total))
            if done == total {
                decksSeenAtTheEnd = try? observer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM decks") }
            }
        }
        #expect(steps.filter { $0.done == $0.total }.count == 1)
        #expect(steps.last.map { $0.done == $0.total } == true)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.done <= $1.done })
        #expect(decksSeenAtTheEnd == 1)
    }
}
