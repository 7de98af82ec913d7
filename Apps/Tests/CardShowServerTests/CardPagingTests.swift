import Foundation
import Testing

/// `GET /cards` answers a page at a time: a bounded answer however large the inventory.
@Suite struct CardPagingTests {
    /// An export document of `count` cards named "Card 001", "Card 002", ….
    static func export(_ count: Int) -> String {
        let cards = (1...count).map { number in
            #"{"name": "Card \#(String(format: "%03d", number))", "setName": "Base Set", "cardNumber": "\#(number)/102", "#
                + #""variant": "Normal", "condition": "NM", "marketValue": 1, "acquiredDate": "2026-02-01T00:00:00Z"}"#
        }
        return #"{"exportDate": "2026-03-01T00:00:00Z", "version": "1.0", "cards": [\#(cards.joined(separator: ", "))]}"#
    }

    static func names(_ reply: ServerProcess.Reply) -> [String] {
        (reply.object["cards"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    }

    @Test func aListingGivesTheLimitsCardsAndWhereTheNextPageBegins() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        #expect(try await server.send("POST", "/cards", body: Self.export(3)).status == 201)
        let first = try await server.send("GET", "/cards?limit=2")
        #expect(first.status == 200, "\(first.text)")
        #expect(Self.names(first) == ["Card 001", "Card 002"])
        #expect(first.object["total"] as? Int == 3)
        #expect(first.object["nextOffset"] as? Int == 2)
        let last = try await server.send("GET", "/cards?limit=2&offset=2")
        #expect(Self.names(last) == ["Card 003"])
        #expect(last.object["nextOffset"] == nil, "\(last.text)")
    }

    @Test func everyPageTellsTheTotalWhetherFullShortOrPastTheEnd() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        #expect(try await server.send("POST", "/cards", body: Self.export(5)).status == 201)
        for (query, total) in [("limit=2", 5), ("limit=2&offset=4", 5), ("limit=2&offset=9", 5), ("search=Card%20002", 1),
                               ("search=nothing", 0), ("search=Card&limit=5", 5)] {
            let page = try await server.send("GET", "/cards?\(query)")
            #expect(page.object["total"] as? Int == total, "\(query): \(page.text)")
        }
    }

    @Test func aListingWithoutALimitHoldsOneHundredCards() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        #expect(try await server.send("POST", "/cards", body: Self.export(101)).status == 201)
        let page = try await server.send("GET", "/cards")
        #expect(Self.names(page).count == 100)
        #expect(page.object["nextOffset"] as? Int == 100)
    }

    @Test func aLimitOrOffsetOutsideItsRangeIsRefusedWithTheRange() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        for (query, words) in [("limit=0", "limit is a whole number from 1 to 1,000, not \"0\""),
                               ("limit=1001", "from 1 to 1,000"), ("limit=ten", "not \"ten\""),
                               ("offset=-1", "offset is a whole number from 0 to")] {
            let refused = try await server.send("GET", "/cards?\(query)")
            #expect(refused.status == 400, "\(query): \(refused.text)")
            #expect(refused.error?.contains(words) == true, "\(query): \(refused.text)")
        }
    }

    @Test func aQueryParameterTheListingDoesNotTakeIsRefusedNamingIt() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        _ = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu)
        let refused = try await server.send("GET", "/cards?serach=zzz")
        #expect(refused.status == 400, "\(refused.text)")
        #expect(refused.error?.contains("no query parameter \"serach\": it takes search, limit and offset") == true, "\(refused.text)")
    }

    @Test func aQueryParameterGivenTwiceIsRefused() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let refused = try await server.send("GET", "/cards?limit=1&limit=2")
        #expect(refused.status == 400, "\(refused.text)")
        #expect(refused.error?.contains("limit is given twice") == true, "\(refused.text)")
    }

    @Test func aQueryParameterOnAChangeIsRefusedAndNothingIsChanged() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let posted = try await server.send("POST", "/cards?dryrun=1", body: InventoryAPITests.pikachu)
        #expect(posted.status == 400, "\(posted.text)")
        #expect(posted.error?.contains("POST /cards takes no query parameter \"dryrun\"") == true, "\(posted.text)")
        #expect(Self.names(try await server.send("GET", "/cards")).isEmpty)
        let created = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu)
        let id = try #require(created.object["id"] as? String, "\(created.text)")
        let deleted = try await server.send("DELETE", "/cards/\(id)?dryrun=1")
        #expect(deleted.status == 400, "\(deleted.text)")
        #expect(deleted.error?.contains("Nothing was deleted") == true, "\(deleted.text)")
        #expect(try await server.send("GET", "/cards/\(id)").status == 200)
    }

    /// Was the card and every card's numbers, as if the parameter were not there.
    @Test func aQueryParameterOnAReadThatTakesNoneIsRefused() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let created = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu)
        let id = try #require(created.object["id"] as? String, "\(created.text)")
        let card = try await server.send("GET", "/cards/\(id)?fields=name")
        #expect(card.status == 400, "\(card.text)")
        #expect(card.error == "GET /cards/ID takes no query parameter \"fields\": it takes none.", "\(card.text)")
        let stats = try await server.send("GET", "/stats?since=2026-01-01")
        #expect(stats.status == 400, "\(stats.text)")
        #expect(stats.error == "GET /stats takes no query parameter \"since\": it takes none.", "\(stats.text)")
    }
}
