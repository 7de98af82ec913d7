import Foundation
import Testing

/// The inventory API, driven over HTTP against the built server on a store file.
@Suite struct InventoryAPITests {
    static let pikachu = #"{"name": "Pikachu", "setName": "Jungle", "cardNumber": "60/64", "variant": "Holo", "condition": "Near Mint", "marketValue": 12.5, "purchaseCost": 4, "acquiredDate": "2026-03-01T00:00:00Z"}"#
    static let charizard = #"{"name": "Charizard", "setName": "Base Set", "cardNumber": "4/102", "variant": "Normal", "condition": "LP", "marketValue": 350, "acquiredDate": "2026-02-01T00:00:00Z"}"#

    @Test func aPostedCardIsStoredAndReturnedWithItsNewID() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let posted = try await server.send("POST", "/cards", body: Self.pikachu)
        #expect(posted.status == 201, "\(posted.text)")
        let id = try #require(posted.object["id"] as? String)
        #expect(UUID(uuidString: id) != nil)
        #expect(posted.object["name"] as? String == "Pikachu")
        #expect(posted.object["marketValue"] as? Double == 12.5)
        let fetched = try await server.send("GET", "/cards/\(id)")
        #expect(fetched.status == 200)
        #expect(fetched.object["setName"] as? String == "Jungle")
    }

    @Test func aCardsDatesAreAnsweredInISO8601AsTheExportsWriteThem() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let posted = try await server.send("POST", "/cards", body: Self.pikachu)
        #expect(posted.object["acquiredDate"] as? String == "2026-03-01T00:00:00Z", "\(posted.text)")
        let page = try await server.send("GET", "/cards")
        let card = (page.object["cards"] as? [[String: Any]])?.first
        #expect(card?["acquiredDate"] as? String == "2026-03-01T00:00:00Z", "\(page.text)")
    }

    @Test func aCardIsFoundByTheFirstCharactersOfItsID() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let id = try #require(try await server.send("POST", "/cards", body: Self.pikachu).object["id"] as? String)
        let fetched = try await server.send("GET", "/cards/\(id.prefix(8))")
        #expect(fetched.status == 200)
        #expect(fetched.object["id"] as? String == id)
    }

    @Test func postedCardsOutliveTheServer() async throws {
        let folder = try ServerFolder()
        let first = try await ServerProcess(["--store", folder.store])
        _ = try await first.send("POST", "/cards", body: Self.pikachu)
        first.stop()
        let second = try await ServerProcess(["--store", folder.store])
        let list = try await second.send("GET", "/cards")
        #expect((list.object["cards"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Pikachu"])
    }

    @Test func searchReturnsOnlyTheCardsWhoseNameMatches() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        _ = try await server.send("POST", "/cards", body: Self.pikachu)
        _ = try await server.send("POST", "/cards", body: Self.charizard)
        let found = try await server.send("GET", "/cards?search=chari")
        #expect(found.status == 200)
        #expect((found.object["cards"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Charizard"])
    }

    @Test func anImpossibleValueIsRefusedNamingItsFieldAndNothingIsStored() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let refused = try await server.send("POST", "/cards", body: Self.pikachu.replacingOccurrences(of: "12.5", with: "-3"))
        #expect(refused.status == 400)
        let error = try #require(refused.error)
        #expect(error.contains("marketValue"), "\(error)")
        let list = try await server.send("GET", "/cards")
        #expect((list.object["cards"] as? [Any])?.isEmpty == true)
    }

    @Test func aBodyThatIsNotJSONIsRefusedNamingItsLine() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let refused = try await server.send("POST", "/cards", body: "{\n\"name\": \"Pikachu\",\n\"setName\": }")
        #expect(refused.status == 400)
        #expect(refused.error?.contains("line 3") == true, "\(refused.text)")
    }

    @Test func anExportDocumentIsImportedAllOrNothing() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let good = #"{"exportDate": "2026-03-01T00:00:00Z", "version": "1.0", "cards": [\#(Self.pikachu), \#(Self.charizard)]}"#
        let bad = good.replacingOccurrences(of: "350", with: "\"lots\"")
        let refused = try await server.send("POST", "/cards", body: bad)
        #expect(refused.status == 400)
        #expect(try await server.send("GET", "/stats").object["cardsInStock"] as? Int == 0)
        let imported = try await server.send("POST", "/cards", body: good)
        #expect(imported.status == 201)
        #expect(imported.object["inserted"] as? Int == 2)
    }

    @Test func statsCountTheCardsInStockAndTheirValue() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        _ = try await server.send("POST", "/cards", body: Self.pikachu)
        _ = try await server.send("POST", "/cards", body: Self.charizard)
        let stats = try await server.send("GET", "/stats")
        #expect(stats.status == 200)
        #expect(stats.object["cardsInStock"] as? Int == 2)
        #expect(stats.object["inventoryValue"] as? Double == 362.5)
    }

    @Test func aDeletedCardIsGone() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let id = try #require(try await server.send("POST", "/cards", body: Self.pikachu).object["id"] as? String)
        let deleted = try await server.send("DELETE", "/cards/\(id)")
        #expect(deleted.status == 204)
        let fetched = try await server.send("GET", "/cards/\(id)")
        #expect(fetched.status == 404)
        #expect(fetched.error?.contains("No card has an ID") == true, "\(fetched.text)")
    }

    @Test func anUnknownIDIsNotFoundInWords() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("GET", "/cards/DEADBEEF")
        #expect(reply.status == 404)
        #expect(reply.error == "No card has an ID starting with \"DEADBEEF\".")
    }
}
