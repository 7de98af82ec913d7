import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Want-list matching")
struct WantListMatcherTests {
    func contactWanting(_ item: WantListItem, name: String = "Ash", in context: ModelContext) throws -> Contact {
        let contact = try ContactService(context: context).add(Contact(name: name, role: .customer))
        try ContactService(context: context).addWant(item, to: contact)
        return contact
    }

    @Test func cardEnteringInventoryReportsTheWantsItSatisfiesWithContacts() throws {
        let context = try makeContext()
        _ = try contactWanting(WantListItem(cardName: "Charizard"), in: context)
        let matches = try InventoryService(context: context).add(card("Charizard"))
        #expect(matches.count == 1)
        #expect(matches.first?.contact?.name == "Ash")
        #expect(matches.first?.card.name == "Charizard")
    }

    @Test func nameMatchIgnoresCaseAccentsAndSpaces() throws {
        let context = try makeContext()
        _ = try contactWanting(WantListItem(cardName: " flabebe "), in: context)
        #expect(try InventoryService(context: context).add(card("Flabébé")).count == 1)
    }

    @Test func nameMustBeTheWholeName() throws {
        let context = try makeContext()
        _ = try contactWanting(WantListItem(cardName: "Charizard"), in: context)
        #expect(try InventoryService(context: context).add(card("Charizard ex")).isEmpty)
    }

    @Test func setAndVariantMustMatchWhenGiven() throws {
        let context = try makeContext()
        let item = WantListItem(cardName: "Charizard")
        item.setName = "Base Set"
        item.variant = "Holo"
        _ = try contactWanting(item, in: context)
        let inventory = InventoryService(context: context)
        #expect(try inventory.add(card("Charizard", set: "Base Set 2", variant: "Holo")).isEmpty)
        #expect(try inventory.add(card("Charizard", set: "Base Set", variant: "Reverse Holo")).isEmpty)
        #expect(try inventory.add(card("Charizard", set: "base set", variant: "HOLO")).count == 1)
    }

    @Test func cardAboveTheMaxPriceDoesNotMatch() throws {
        let context = try makeContext()
        let item = WantListItem(cardName: "Charizard")
        item.maxPrice = 300
        _ = try contactWanting(item, in: context)
        let inventory = InventoryService(context: context)
        #expect(try inventory.add(card("Charizard", value: 300.01)).isEmpty)
        #expect(try inventory.add(card("Charizard", value: 300)).count == 1)
    }

    @Test func isMatchIsTrueOnlyWhileAMatchingCardIsInStock() throws {
        let context = try makeContext()
        let item = WantListItem(cardName: "Mew")
        _ = try contactWanting(item, in: context)
        #expect(!item.isMatch)
        let mew = card("Mew")
        try InventoryService(context: context).add(mew)
        #expect(item.isMatch)
        try SalesService(context: context).recordSale(of: mew, price: 10, platform: "eBay")
        #expect(!item.isMatch)
    }

    @Test func addingAWantReportsCardsAlreadyInStock() throws {
        let context = try makeContext()
        try InventoryService(context: context).add(card("Lugia", value: 80))
        let contact = try ContactService(context: context).add(Contact(name: "Ash", role: .customer))
        let cards = try ContactService(context: context).addWant(WantListItem(cardName: "lugia"), to: contact)
        #expect(cards.map(\.name) == ["Lugia"])
    }

    @Test func allMatchesListsEveryWantWithAMatchHighPriorityFirst() throws {
        let context = try makeContext()
        _ = try contactWanting(WantListItem(cardName: "Mew", priority: .low), name: "Low", in: context)
        _ = try contactWanting(WantListItem(cardName: "Mew", priority: .high), name: "High", in: context)
        _ = try contactWanting(WantListItem(cardName: "Celebi"), name: "Nobody", in: context)
        try InventoryService(context: context).add(card("Mew"))
        let matches = try WantListMatcher(context: context).allMatches()
        #expect(matches.map { $0.contact?.name } == ["High", "Low"])
    }

    @Test func batchMatchingAgreesWithSingleCardMatching() throws {
        let context = try makeContext()
        let item = WantListItem(cardName: "Eevee")
        item.maxPrice = 20
        _ = try contactWanting(item, in: context)
        let cards = [card("Eevee", value: 10), card("eevee", value: 25), card("Vaporeon", value: 5)]
        let batch = try InventoryService(context: context).add(cards)
        #expect(batch.map(\.card.marketValue) == [10])
    }
}
