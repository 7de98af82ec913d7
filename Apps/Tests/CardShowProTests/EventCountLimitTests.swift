import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// An event whose counts another program stored at the largest there is (`sqlite3`, or a
/// client keeping no rules through sync), then a sale at it.
@Suite struct EventCountLimitTests {
    /// Was "Swift runtime failure: arithmetic overflow" in `recordSale`, of every sale at the event.
    @Test func aSaleAtAnEventWhoseCountsAreStoredAtTheLargestDoesNotTrap() throws {
        let context = try makeContext()
        let event = Event(name: "Show", date: Date(), location: "Here")
        event.cardsSold = .max
        event.cardsCount = .max
        let sold = card()
        context.insert(event)
        context.insert(sold)
        try context.save()
        try SalesService(context: context).recordSale(of: sold, price: 10, platform: "In-Person", event: event)
        #expect(event.cardsSold == .max)
        #expect(event.cardsCount == .max)
    }
}
