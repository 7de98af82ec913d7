import Foundation
import SwiftData
import CouponTracker

/// Containers of CouponTracker's schema (the seed's `SchemaV1`), in memory or in a file.
enum SeedFixtures {
    static func inMemory() throws -> ModelContainer {
        try ModelContainer(for: Schema(versionedSchema: SchemaV1.self), migrationPlan: MigrationPlan.self,
                           configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    static func file(_ store: TemporaryStore) throws -> ModelContainer {
        try ModelContainer(for: Schema(versionedSchema: SchemaV1.self), migrationPlan: MigrationPlan.self,
                           configurations: ModelConfiguration(url: store.url))
    }

    /// The Gregorian calendar in UTC.
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }

    /// Midnight UTC of a day in 2026 (day 1 is January 1st).
    static func day(_ number: Int) -> Date {
        Date(timeIntervalSinceReferenceDate: 788_918_400 + Double(number - 1) * 86_400)
    }

    /// An available benefit of `card` for the period from day `start` to day `end`.
    static func benefit(_ name: String, of card: UserCard? = nil, from start: Int = 1, to end: Int = 31) -> Benefit {
        let benefit = Benefit(userCard: card, currentPeriodStart: day(start), currentPeriodEnd: day(end))
        benefit.customName = name
        return benefit
    }

    static func usage(_ notes: String, of benefit: Benefit? = nil, on usedDay: Int = 2, value: String = "15") -> BenefitUsage {
        BenefitUsage(benefit: benefit, usedDate: day(usedDay), periodStart: day(1), periodEnd: day(31),
                     valueRedeemed: Decimal(string: value)!, notes: notes)
    }
}
