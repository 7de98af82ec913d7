import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// A card is found by the start of its ID through the store's index of IDs: the server's
/// `GET /cards/PREFIX` read every card of the store to find one.
@Suite struct IDPrefixTests {
    @Test func aStartOfAnIDStandsForTheIDsFromItsZerosToItsFs() throws {
        let range = try #require(IDPrefix.range(of: "4F2A91C0-1"))
        #expect(range.lowerBound.uuidString == "4F2A91C0-1000-0000-0000-000000000000")
        #expect(range.upperBound.uuidString == "4F2A91C0-1FFF-FFFF-FFFF-FFFFFFFFFFFF")
    }

    @Test(arguments: ["4F2A91CG", "4F2A91C01", "4F2A91C0-1000-0000-0000-0000000000000", "４F2A91C0", "4f2a91c0"])
    func aTextNoIDCanBeginWithNamesNoIDs(text: String) {
        #expect(IDPrefix.range(of: text) == nil)
    }

    @Test func aCardIsFoundByTheStartOfItsIDAmongCardsWhoseIDsAreNeighbours() throws {
        let context = try makeContext()
        let ids = ["4F2A91BF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "4F2A91C0-0000-0000-0000-000000000000",
                   "4F2A91C1-0000-0000-0000-000000000000"].compactMap(UUID.init(uuidString:))
        for (index, id) in ids.enumerated() {
            let inserted = card("Card \(index)")
            inserted.id = id
            context.insert(inserted)
        }
        try context.save()
        #expect(try ModelLookup(context: context).card("4f2a91c0").name == "Card 1")
        #expect(try ModelLookup(context: context).card("4F2A91C0-0000-0000-0000-000000000000").name == "Card 1")
        #expect(throws: CardShowError.notFound(kind: "card", id: "4F2A91C2")) { try ModelLookup(context: context).card("4F2A91C2") }
        #expect(throws: CardShowError.notFound(kind: "card", id: "4F2A91CX")) { try ModelLookup(context: context).card("4F2A91CX") }
    }

    @Test func theCardsOfAStartOfAnIDAreFetchedInSQL() throws {
        let context = try makeContext()
        let range = try #require(IDPrefix.range(of: "4F2A91C0"))
        let descriptor = try #require(InventoryCard.withIDs(in: range))
        let explained = try context.explain(descriptor)
        #expect(explained.runsEntirelyInSQL, "\(explained)")
    }
}
