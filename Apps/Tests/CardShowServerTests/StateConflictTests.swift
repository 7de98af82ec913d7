import CommandLineTestSupport
import Foundation
import Testing

/// What the inventory's state refuses is a 409, as the README says; what the request's
/// form refuses, a 400.
@Suite struct StateConflictTests {
    @Test func aSoldCardPostedBackIntoStockIsAConflict() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let posted = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu)
        let id = try #require(posted.object["id"] as? String)
        // The cardshow tool works beside a running server on its store.
        let sale = try ToolProcess("cardshow", environment: ["TZ": "UTC"])
            .run(["sale", "record", "--card", id, "--price", "20", "--store", folder.store])
        #expect(sale.status == 0, "\(sale.stderr)")
        let restock = InventoryAPITests.pikachu.replacingOccurrences(of: "{", with: #"{"id": "\#(id)", "status": "In Stock", "#)
        let reply = try await server.send("POST", "/cards", body: restock)
        #expect(reply.status == 409, "\(reply.text)")
        #expect(reply.error?.contains("void the sale first") == true, "\(reply.text)")
    }

    @Test func aNameWithANULIsRefusedWith400() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu.replacingOccurrences(of: "Pikachu", with: #"Pika\u0000chu"#))
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.error?.contains("has a NUL character") == true, "\(reply.text)")
    }
}
