import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// The seed's relationship table, one row per test, checked in the store through a
/// fresh context.
@Suite("Delete rules")
struct DeleteRuleTests {
    @Test func deletingACardKeepsItsSalesWithoutTheCard() throws {
        let context = try makeContext()
        let sold = card()
        context.insert(sold)
        try SalesService(context: context).recordSale(of: sold, price: 120, platform: "eBay")
        context.delete(sold)
        try context.save()

        let fresh = ModelContext(context.container)
        let sales = try fresh.fetch(FetchDescriptor<SalesHistory>())
        #expect(sales.count == 1)
        #expect(sales.first?.card == nil)
        #expect(sales.first?.salePrice == 120)
    }

    @Test func deletingACardKeepsItsTradesWithoutTheCard() throws {
        let context = try makeContext()
        let given = card("Given", value: 50)
        context.insert(given)
        try context.save()
        _ = try TradeService(context: context).recordTrade(giving: [given], receiving: [card("Got", value: 60)])
        context.delete(given)
        try context.save()

        let fresh = ModelContext(context.container)
        let trades = try fresh.fetch(FetchDescriptor<TradeHistory>())
        #expect(trades.count == 1)
        #expect(trades.first?.cardsTraded?.isEmpty == true)
        #expect(trades.first?.cardsReceived?.map(\.name) == ["Got"])
        #expect(trades.first?.myCardsTotal == 50)
    }

    @Test func deletingAContactDeletesTheirWantList() throws {
        let context = try makeContext()
        let contact = Contact(name: "Brock", role: .customer)
        try ContactService(context: context).add(contact)
        try ContactService(context: context).addWant(WantListItem(cardName: "Onix"), to: contact)
        try ContactService(context: context).addWant(WantListItem(cardName: "Geodude"), to: contact)
        try ContactService(context: context).delete(contact)

        let fresh = ModelContext(context.container)
        #expect(try fresh.fetchCount(FetchDescriptor<Contact>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<WantListItem>()) == 0)
    }

    @Test func deletingAContactKeepsTheirPurchasesWithoutTheContact() throws {
        let context = try makeContext()
        let contact = Contact(name: "Brock", role: .customer)
        try ContactService(context: context).add(contact)
        let sold = card()
        context.insert(sold)
        try SalesService(context: context).recordSale(of: sold, price: 40, platform: "In-Person", buyer: contact)
        try ContactService(context: context).delete(contact)

        let fresh = ModelContext(context.container)
        let sales = try fresh.fetch(FetchDescriptor<SalesHistory>())
        #expect(sales.count == 1)
        #expect(sales.first?.contact == nil)
        #expect(sales.first?.buyerName == "Brock")
    }

    @Test func deletingAnEventDeletesItsSales() throws {
        let context = try makeContext()
        let event = try EventService(context: context).create(name: "Show", location: "Mesa", date: referenceDate)
        let sold = card()
        context.insert(sold)
        try SalesService(context: context).recordSale(of: sold, price: 40, platform: "In-Person", event: event)
        let online = card("Other")
        context.insert(online)
        try SalesService(context: context).recordSale(of: online, price: 10, platform: "eBay")
        context.delete(event)
        try context.save()

        let fresh = ModelContext(context.container)
        let sales = try fresh.fetch(FetchDescriptor<SalesHistory>())
        #expect(sales.map(\.platform) == ["eBay"])
        #expect(try fresh.fetchCount(FetchDescriptor<InventoryCard>()) == 2)
    }

    @Test func deletingAnEventDeletesItsTrades() throws {
        let context = try makeContext()
        let event = try EventService(context: context).create(name: "Show", location: "Mesa", date: referenceDate)
        _ = try TradeService(context: context).recordTrade(giving: [], receiving: [card("Got")], event: event)
        context.delete(event)
        try context.save()

        let fresh = ModelContext(context.container)
        #expect(try fresh.fetchCount(FetchDescriptor<TradeHistory>()) == 0)
        #expect(try fresh.fetch(FetchDescriptor<InventoryCard>()).map(\.name) == ["Got"])
    }

    @Test func deletingAnEventKeepsTheCardsBrought() throws {
        let context = try makeContext()
        let event = try EventService(context: context).create(name: "Show", location: "Mesa", date: referenceDate)
        let brought = [card("A"), card("B")]
        for card in brought { context.insert(card) }
        try EventService(context: context).bring(brought, to: event)
        context.delete(event)
        try context.save()

        let fresh = ModelContext(context.container)
        #expect(try fresh.fetchCount(FetchDescriptor<Event>()) == 0)
        #expect(Set(try fresh.fetch(FetchDescriptor<InventoryCard>()).map(\.name)) == ["A", "B"])
    }

    @Test func deletingACardRemovesItFromTheEventsItWasBroughtTo() throws {
        let context = try makeContext()
        let event = try EventService(context: context).create(name: "Show", location: "Mesa", date: referenceDate)
        let brought = [card("A"), card("B")]
        for card in brought { context.insert(card) }
        try EventService(context: context).bring(brought, to: event)
        context.delete(brought[0])
        try context.save()

        let fresh = ModelContext(context.container)
        #expect(try fresh.fetch(FetchDescriptor<Event>()).first?.inventory?.map(\.name) == ["B"])
    }

    @Test func deletingAGradingSubmissionKeepsItsCards() throws {
        let context = try makeContext()
        let cards = [card("A"), card("B")]
        for card in cards { context.insert(card) }
        let submission = try GradingService(context: context).submit(cards, to: .psa, totalCost: 40)
        context.delete(submission)
        try context.save()

        let fresh = ModelContext(context.container)
        #expect(try fresh.fetchCount(FetchDescriptor<GradingSubmission>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<InventoryCard>()) == 2)
    }

    @Test func deletingACardRemovesItFromItsGradingSubmission() throws {
        let context = try makeContext()
        let cards = [card("A"), card("B")]
        for card in cards { context.insert(card) }
        try GradingService(context: context).submit(cards, to: .psa, totalCost: 40)
        context.delete(cards[0])
        try context.save()

        let fresh = ModelContext(context.container)
        #expect(try fresh.fetch(FetchDescriptor<GradingSubmission>()).first?.cards?.map(\.name) == ["B"])
    }

    @Test func deletingACardRemovesItsSalesFromTheCardInMemory() throws {
        let context = try makeContext()
        let sold = card()
        context.insert(sold)
        let sale = try SalesService(context: context).recordSale(of: sold, price: 120, platform: "eBay")
        context.delete(sold)
        try context.save()
        #expect(sale.card == nil)
    }
}
