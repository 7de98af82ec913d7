import CommandLineTestSupport
import Foundation
import Testing

/// What a hostile pass over the server found: every refusal is `{"error": ...}` in the
/// client's words, whatever refused it, and nothing stored is lost.
@Suite struct HostileRequestTests {
    static let pikachu = InventoryAPITests.pikachu

    @Test func anAddressTheAPIDoesNotHaveIsAJSONNotFound() async throws {
        let folder = try ServerFolder()
        let server = try ServerProcess(["--store", folder.store])
        let reply = try await server.send("GET", "/frobnicate")
        #expect(reply.status == 404)
        #expect(reply.error?.contains("GET /cards") == true, "\(reply.text)")
    }

    @Test func aMethodARouteDoesNotTakeIsAJSONMethodNotAllowed() async throws {
        let folder = try ServerFolder()
        let server = try ServerProcess(["--store", folder.store])
        let reply = try await server.send("PUT", "/cards")
        #expect(reply.status == 405)
        #expect(reply.error?.contains("PUT is not allowed on /cards: use GET or POST") == true, "\(reply.text)")
        let stats = try await server.send("DELETE", "/stats")
        #expect(stats.status == 405)
        #expect(stats.error != nil, "\(stats.text)")
    }

    @Test func aVeryLongAddressIsRefusedInJSONWithoutEchoingIt() async throws {
        let folder = try ServerFolder()
        let server = try ServerProcess(["--store", folder.store])
        let reply = try await server.send("GET", "/cards/" + String(repeating: "A", count: 6_000))
        #expect(reply.status == 414)
        #expect(reply.error?.contains("characters long") == true, "\(reply.text.prefix(300))")
        #expect(reply.text.count < 1_000)
    }

    @Test func anIDThatIsNotOneIsRefusedInADealersWords() async throws {
        let folder = try ServerFolder()
        let server = try ServerProcess(["--store", folder.store])
        let body = Self.pikachu.replacingOccurrences(of: "{", with: #"{"id": "not-an-id", "#)
        let reply = try await server.send("POST", "/cards", body: body)
        #expect(reply.status == 400)
        #expect(reply.error?.contains("is not a card ID") == true, "\(reply.text)")
        #expect(reply.error.map(InternalWords.found(in:)) == [], "\(reply.text)")
        #expect(reply.error?.contains("UUID") == false, "\(reply.text)")
    }

    @Test func aNoteLongerThanAFieldHoldsIsRefusedAndNothingIsStored() async throws {
        let folder = try ServerFolder()
        let server = try ServerProcess(["--store", folder.store])
        let body = Self.pikachu.replacingOccurrences(of: "{", with: "{\"notes\": \"\(String(repeating: "n", count: 5_000))\", ")
        let reply = try await server.send("POST", "/cards", body: body)
        #expect(reply.status == 400)
        #expect(reply.error?.contains("at most 4096 characters") == true, "\(reply.text.prefix(400))")
        #expect(reply.text.count < 1_000)
        let cards = try await server.send("GET", "/cards")
        #expect((cards.object["cards"] as? [Any])?.isEmpty == true)
    }

    @Test func deletingByAShortStartOfAnIDIsRefusedAndTheCardStays() async throws {
        let folder = try ServerFolder()
        let server = try ServerProcess(["--store", folder.store])
        let id = try #require(try await server.send("POST", "/cards", body: Self.pikachu).object["id"] as? String)
        let refused = try await server.send("DELETE", "/cards/\(id.prefix(3))")
        #expect(refused.status == 400)
        #expect(refused.error?.contains("at least its first 8 characters") == true, "\(refused.text)")
        #expect(try await server.send("GET", "/cards/\(id)").status == 200)
        #expect(try await server.send("DELETE", "/cards/\(id.prefix(8))").status == 204)
    }

    @Test func anEmptyFileAtTheStorePathStopsTheServerWithWordsAndStaysEmpty() throws {
        let folder = try ServerFolder()
        #expect(FileManager.default.createFile(atPath: folder.store, contents: Data()))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: folder.store)
        let error = #expect(throws: ServerProcess.Failure.self) { _ = try ServerProcess(["--store", folder.store]) }
        #expect(error?.description.contains("is an empty file, not a CardShow Pro store") == true, "\(String(describing: error))")
        #expect(try FileManager.default.attributesOfItem(atPath: folder.store)[.size] as? Int == 0)
    }
}
