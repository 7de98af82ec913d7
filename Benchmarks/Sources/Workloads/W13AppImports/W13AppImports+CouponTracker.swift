import CouponTracker
import Foundation
import OpenSwiftData

// CouponTracker: daily use over one year and over ten, through `Wallet` as the tool's
// commands call it, each day in a context of its own as each run of the tool is: the
// periods that ended are rolled (`processResets`, which records an unused period as
// expired), and a benefit is used on its day of the month. The history grows every
// day; a day of the tenth year should cost what a day of the first does (the
// performance issue measured 5.7 ms a day, 103 s for ten years, on a debug build).
extension W13AppImports {
    static let useDays = [Scale.rows(3_650), Scale.rows(365)]

    static var couponTrackerCases: [BenchmarkCase] {
        useDays.map { days in
            BenchmarkCase.make(
                "W13 coupontracker daily use \(days) days", .openSwiftData, freshStorePerIteration: true,
                iterations: Scale.iterations(3), fixture: { days }, implementation: useDaily, verify: verifyDailyUse)
        }
    }

    static func useDaily(_ iteration: Iteration, _ days: Int) throws -> (recorded: Int, stored: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let start = Date(timeIntervalSince1970: 1_640_995_200 + 9 * 3_600)  // 2022-01-01 09:00 UTC
        let container = try CouponTrackerStore.container(at: iteration.storeURL)
        let catalog = try CardDatabase.bundled(now: start)
        do {
            let wallet = Wallet(context: ModelContext(container), catalog: catalog, calendar: calendar)
            for cardIndex in 0..<2 {
                let card = try wallet.addCustomCard(name: "Card \(cardIndex)", now: start)
                for benefitIndex in 0..<3 {
                    try wallet.addCustomBenefit(to: card, name: "Credit \(cardIndex)-\(benefitIndex)", value: 10,
                                                frequency: .monthly, now: start)
                }
            }
        }
        var recorded = 0
        try iteration.measure {
            for day in 0..<days {
                let now = start.addingTimeInterval(Double(day) * 86_400)
                let wallet = Wallet(context: ModelContext(container), catalog: catalog, calendar: calendar)
                recorded += try wallet.processResets(asOf: now).periodsExpired
                let dayOfMonth = calendar.component(.day, from: now)
                for (index, benefit) in try wallet.cards().flatMap(\.benefits).enumerated()
                    where benefit.status == .available && index * 4 + 1 == dayOfMonth {
                    try wallet.markUsed(benefit, now: now)
                    recorded += 1
                }
            }
        }
        let stored = try ModelContext(container).fetchCount(FetchDescriptor<BenefitUsage>())
        return (recorded, stored)
    }

    static func verifyDailyUse(_ output: (recorded: Int, stored: Int), _ days: Int) throws {
        // Six benefits, each used or expired once a month.
        try checkEqual(output.stored, output.recorded, "W13 coupontracker: every use and expiry in the store")
        try check(output.recorded >= days / 31 * 6, "W13 coupontracker: \(output.recorded) uses and expiries in \(days) days, fewer than six a month")
    }
}
