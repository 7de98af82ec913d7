import Foundation
import GRDB
import Testing

/// A store file whose tables another program changed while the server serves it, answered as
/// the same change to a PostgreSQL inventory is (`PostgresServerTests`).
@Suite struct ChangedStoreTablesTests {
    /// A unique index another program made on the cards' names: a second card of that name
    /// was a 500, the server's fault, where the request met a card already there.
    @Test func aUniqueIndexAnotherProgramMadeIsAnsweredAsAConflictInWords() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        #expect(try await server.send("POST", "/cards", body: InventoryAPITests.pikachu).status == 201)
        let queue = try DatabaseQueue(path: folder.store)
        try await queue.write { db in try db.execute(sql: #"CREATE UNIQUE INDEX "another_program" ON "InventoryCard" ("name")"#) }
        try queue.close()
        let reply = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu.replacingOccurrences(of: "60/64", with: "61/64"))
        #expect(reply.status == 409, "\(reply.text)")
        #expect(reply.error == "There already is such a card. Nothing was changed.", "\(reply.text)")
        #expect((try await server.send("GET", "/cards").object["cards"] as? [[String: Any]])?.count == 1)
    }
}
