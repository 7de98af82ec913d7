import Foundation
import Testing

/// `GET /cards?search=` (a client's search box left empty): every name contains the
/// empty text, yet a name search finds none, so an empty page would say there are no cards.
@Suite struct EmptySearchTests {
    @Test func anEmptySearchIsRefusedNotAnsweredWithAnEmptyPage() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        #expect(try await server.send("POST", "/cards", body: InventoryAPITests.pikachu).status == 201)
        let reply = try await server.send("GET", "/cards?search=")
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.error?.contains("search is empty: give the text the names contain, or leave search out") == true, "\(reply.text)")
        let found = try await server.send("GET", "/cards?search=kach")
        #expect(found.status == 200)
        #expect((found.object["total"] as? Int) == 1, "\(found.text)")
    }
}
