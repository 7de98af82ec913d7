import CommandLineTestSupport
import CouponTracker
import Foundation
import SwiftData
import Testing

/// Two threads marking one benefit used through two contexts of one store at the same
/// moment, and a benefit used by another context since it was read: `Wallet` checks and
/// saves in one transaction, on the benefit as the store holds it then.
@Suite struct UseThreadRaceTests {
    let directory: URL
    let container: ModelContainer
    let now = Date(timeIntervalSince1970: 1_773_568_800)  // 2026-03-15 10:00 UTC

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("coupontracker-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        container = try CouponTrackerStore.container(at: directory.appendingPathComponent("race.store"))
        let wallet = try wallet()
        let card = try wallet.addCustomCard(name: "Everyday", now: now)
        try wallet.addCustomBenefit(to: card, name: "Lounge", value: 20, frequency: .monthly, now: now)
    }

    func wallet() throws -> Wallet {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return Wallet(context: ModelContext(container), catalog: try CardDatabase.bundled(now: now), calendar: calendar)
    }

    func uses() throws -> Int {
        try ModelContext(container).fetchCount(FetchDescriptor<BenefitUsage>())
    }

    @Test func twoThreadsUsingOneBenefitRecordOneUseAndTellTheOther() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = self
        let outcomes = ThreadRace.run(2) { _ in
            let wallet = try suite.wallet()
            try wallet.markUsed(try wallet.benefit(named: "Lounge"), now: suite.now)
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")
        for case let error? in outcomes {
            #expect(error as? WalletError == .notAvailable(benefit: "Lounge", status: .used), "\(error)")
        }
        #expect(try uses() == 1)
    }

    @Test func aBenefitUsedByAnotherContextSinceItWasReadIsNotUsedAgain() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try wallet(), second = try wallet()
        let stale = try first.benefit(named: "Lounge")
        try second.markUsed(try second.benefit(named: "Lounge"), now: now)
        #expect(throws: WalletError.notAvailable(benefit: "Lounge", status: .used)) { try first.markUsed(stale, now: now) }
        #expect(try uses() == 1)
    }
}
