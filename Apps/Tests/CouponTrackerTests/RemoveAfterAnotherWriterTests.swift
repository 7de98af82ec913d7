import CouponTracker
import Foundation
import SwiftData
import Testing

/// `coupontracker remove` after another coupontracker added a benefit to that card since
/// this one loaded it (two processes at once, `remove V` beside `add-benefit --card V`).
@Suite struct RemoveAfterAnotherWriterTests {
    /// Was "Removed V." with the other benefit left in the store, belonging to no card.
    @Test func aRemovedCardTakesABenefitAnotherWriterAddedSinceItWasLoaded() throws {
        let t = try TestWallet()
        let now = Clock.epoch
        let card = try t.wallet.addCustomCard(name: "V", issuer: "Citi", now: now)
        try t.wallet.addCustomBenefit(to: card, name: "A", value: 1, frequency: .monthly, now: now)
        // Loaded, as the command's own row of the card loads them.
        #expect(card.benefits.count == 1)

        let other = t.reread()
        try other.addCustomBenefit(to: other.card(named: "V"), name: "B", value: 1, frequency: .monthly, now: now)

        try t.wallet.remove(card)
        #expect(try t.reread().context.fetchCount(FetchDescriptor<Benefit>()) == 0)
    }
}
