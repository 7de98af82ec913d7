import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Events")
struct EventServiceTests {
    @Test func startingAndEndingRecordsTheTimes() throws {
        let context = try makeContext()
        let service = EventService(context: context)
        let event = try service.create(name: "Show", location: "Mesa", date: referenceDate)
        try service.start(event, at: referenceDate)
        #expect(event.isActive)
        #expect(try service.activeEvent() === event)
        try service.end(event, at: hours(7))

        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let stored = try #require(try fresh.fetch(FetchDescriptor<Event>()).first)
        #expect(!stored.isActive)
        #expect(stored.duration == 7.0 * 3600)
    }

    @Test func onlyOneEventRunsAtATime() throws {
        let context = try makeContext()
        let service = EventService(context: context)
        let first = try service.create(name: "First", location: "Mesa")
        let second = try service.create(name: "Second", location: "Tempe")
        try service.start(first)
        #expect(throws: CardShowError.eventAlreadyActive(name: "First")) { try service.start(second) }
    }

    @Test func endingAnEventThatIsNotRunningIsRefused() throws {
        let context = try makeContext()
        let service = EventService(context: context)
        let event = try service.create(name: "Show", location: "Mesa")
        #expect(throws: CardShowError.eventNotActive(name: "Show")) { try service.end(event) }
    }

    @Test func bringingCardsCountsEachOnce() throws {
        let context = try makeContext()
        let service = EventService(context: context)
        let event = try service.create(name: "Show", location: "Mesa")
        let cards = [card("A"), card("B")]
        for card in cards { context.insert(card) }
        try service.bring(cards, to: event)
        try service.bring([cards[0]], to: event)
        #expect(event.cardsCount == 2)
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        #expect(try fresh.fetch(FetchDescriptor<Event>()).first?.inventory?.count == 2)
    }

    @Test func reportCarriesTheEventsResults() throws {
        let context = try makeContext()
        let service = EventService(context: context)
        let event = try service.create(name: "Show", location: "Mesa", date: referenceDate)
        try service.start(event, at: referenceDate)
        let sold = card(cost: 10)
        context.insert(sold)
        try service.bring([sold, card("Unsold")], to: event)
        try SalesService(context: context).recordSale(of: sold, price: 40, platform: "In-Person", event: event)
        try service.end(event, at: hours(5))
        let report = service.report(for: event)
        #expect(report.totalRevenue == 40)
        #expect(report.totalProfit == 30)
        #expect(report.cardsSold == 1 && report.cardsCount == 2)
        #expect(report.sellThroughRate == 0.5)
        #expect(report.duration == 5.0 * 3600)
    }
}
