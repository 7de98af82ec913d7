import CouponTracker
import Foundation
import SwiftData
import Testing

/// A wallet on an in-memory store, with the bundled catalog (or another), counting
/// periods in a chosen time zone.
struct TestWallet {
    let container: ModelContainer
    let wallet: Wallet
    var context: ModelContext { wallet.context }
    var calendar: Calendar { wallet.calendar }

    init(zone: String = "UTC", catalog: CardDatabase? = nil) throws {
        container = try CouponTrackerStore.inMemoryContainer()
        let calendar = try Clock.calendar(zone)
        wallet = Wallet(context: ModelContext(container), catalog: try catalog ?? CardDatabase.bundled(now: Clock.epoch),
                        calendar: calendar)
    }

    /// A fresh context on the same store: what was saved, and only that.
    func reread() -> Wallet {
        Wallet(context: ModelContext(container), catalog: wallet.catalog, calendar: wallet.calendar)
    }

    func card(_ template: String, nickname: String? = nil, at now: Date) throws -> UserCard {
        try wallet.addCard(from: wallet.cardTemplate(named: template), nickname: nickname, now: now)
    }

    func benefit(_ name: String, of card: UserCard) throws -> Benefit {
        try wallet.benefit(named: name, on: card)
    }

    func usages() throws -> [BenefitUsage] {
        try context.fetch(FetchDescriptor<BenefitUsage>(sortBy: [SortDescriptor(\.usedDate)]))
    }
}
