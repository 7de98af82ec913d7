import Foundation

/// The ID of the record of what became of one period of a benefit: used, or expired unused.
///
/// A benefit is used at most once a period, and a period ends once, so such a record is
/// named by its benefit, its period's start and what happened, not drawn at random. Two
/// devices of a synced wallet that each record it (both run `reset` after the period ended,
/// or both mark the benefit used) make the same ID, and sync takes the two as one record,
/// as it takes any two models of one unique key; with random IDs the history listed it
/// twice and the totals counted its value twice.
enum PeriodUsageID {
    /// The ID of `benefit`'s use (`expired` false) or expiry in the period starting at
    /// `periodStart`, named by the day the period starts on in `calendar`.
    ///
    /// By its day, not its moment: two wallets that count periods in different time zones
    /// (a laptop in London and a phone in California) start February at moments 8 hours
    /// apart, and named by the moment, a use both recorded was two records. The day is the
    /// one whose midnight is nearest the start, so a period counted in another zone (less
    /// than 12 hours away) is named by its own first day.
    static func make(benefit: UUID, periodStart: Date, expired: Bool, calendar: Calendar) -> UUID {
        let day = calendar.dateComponents([.year, .month, .day], from: calendar.startOfDay(for: periodStart.addingTimeInterval(12 * 3_600)))
        let label = String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
        return NamedUUID.make(NamedUUID.bytes(of: benefit) + Array(label.utf8) + [expired ? 1 : 0])
    }
}
