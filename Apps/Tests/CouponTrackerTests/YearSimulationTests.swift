import CouponTracker
import Foundation
import SwiftData
import Testing

/// 2026 lived day by day in New York with all ten real template cards.
///
/// The user processes resets every day at noon and uses every monthly and quarterly
/// benefit on the tenth day of its period, never a semi-annual or annual one. So the
/// year's redeemed total is the annual value the templates give the monthly and
/// quarterly benefits (value × periods a year, plus December's Uber Cash bonus), and
/// its expired total is the annual value of the others, recorded as their periods end.
@Suite(.enabled(if: RealTemplates.available, "needs ../shared/data/CardTemplates.json"))
struct YearSimulationTests {
    static let zone = "America/New_York"

    @Test func aYearOfAllTenCardsRedeemsAndExpiresWhatTheTemplatesImply() throws {
        let t = try TestWallet(zone: Self.zone, catalog: try RealTemplates.load())
        let calendar = t.calendar
        for template in t.wallet.catalog.cards { try t.wallet.addCard(from: template, now: try Clock.at(2026, 1, 1, in: Self.zone)) }

        var day = try Clock.at(2026, 1, 1, 12, in: Self.zone)
        let end = try Clock.at(2027, 1, 1, 12, in: Self.zone)
        while day < end {
            try t.wallet.processResets(asOf: day)
            for benefit in try BenefitRepository(modelContext: t.context).fetchAvailableBenefits()
            where [.monthly, .quarterly].contains(t.wallet.frequency(of: benefit)) {
                let dayOfPeriod = calendar.dateComponents([.day], from: benefit.currentPeriodStart, to: calendar.startOfDay(for: day)).day
                if dayOfPeriod == 9 { try t.wallet.markUsed(benefit, now: day) }
            }
            day = try #require(calendar.date(byAdding: .day, value: 1, to: day))
        }
        try t.wallet.processResets(asOf: end)

        let templates = t.wallet.catalog.cards.flatMap(\.benefits)
        let used = templates.filter { [.monthly, .quarterly].contains($0.frequency) }
        let unused = templates.filter { [.semiAnnual, .annual].contains($0.frequency) }
        let year = (try Clock.at(2026, 1, 1, in: Self.zone), try Clock.at(2026, 12, 31, 23, 59, 59, in: Self.zone))
        let usage = UsageRepository(modelContext: t.context)

        #expect(try usage.totalValueRedeemed(from: year.0, to: year.1) == used.reduce(0) { $0 + $1.annualValue })
        #expect(try usage.totalValueExpired(from: year.0, to: year.1) == unused.reduce(0) { $0 + $1.annualValue })
        let records = try t.usages()
        #expect(records.filter { !$0.wasAutoExpired }.count == used.reduce(0) { $0 + $1.frequency.periodsPerYear })
        #expect(records.filter(\.wasAutoExpired).count == unused.reduce(0) { $0 + $1.frequency.periodsPerYear })
        // Every benefit starts 2027 afresh.
        #expect(try BenefitRepository(modelContext: t.context).fetchAvailableBenefits().count == templates.count)
    }
}
