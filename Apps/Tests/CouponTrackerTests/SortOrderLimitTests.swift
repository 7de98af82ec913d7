import CouponTracker
import Foundation
import SwiftData
import Testing

/// A card stored at the last place there is (`sortOrder` of `Int.max`: an import, or another
/// device's client keeping no rules, through sync), then the wallet's next card.
@Suite struct SortOrderLimitTests {
    /// Was "Swift runtime failure: arithmetic overflow" in `Wallet.nextSortOrder()`, of every later `add`.
    @Test func anAddBesideACardStoredAtTheLastPlaceDoesNotTrap() throws {
        let t = try TestWallet()
        let first = try t.wallet.addCustomCard(name: "First", now: Clock.epoch)
        first.sortOrder = Int.max
        try t.context.save()
        let next = try t.wallet.addCustomCard(name: "Next", now: Clock.epoch)
        #expect(next.sortOrder == Int.max)
        #expect(try t.reread().cards().count == 2)
    }

    /// Was the same trap in `importData`, adding the file's place to the wallet's next one.
    @Test func anImportOfACardAtTheLastPlaceIntoAWalletWithCardsDoesNotTrap() throws {
        let other = try TestWallet()
        let far = try other.wallet.addCustomCard(name: "Far", now: Clock.epoch)
        far.sortOrder = Int.max
        try other.context.save()
        let data = try other.wallet.exportData(now: Clock.epoch)

        let t = try TestWallet()
        try t.wallet.addCustomCard(name: "First", now: Clock.epoch)
        #expect(try t.wallet.importData(data) == 1)
        #expect(try t.reread().cards().map { t.wallet.name(of: $0) }.sorted() == ["Far", "First"])
    }
}
