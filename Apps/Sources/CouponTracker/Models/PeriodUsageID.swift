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
    /// The ID of `benefit`'s use (`expired` false) or expiry in the period starting at `periodStart`.
    static func make(benefit: UUID, periodStart: Date, expired: Bool) -> UUID {
        // Whole seconds: a period starts on a day's first second, and the start is the same
        // on every device whichever way its date was carried there.
        let start = Int64(periodStart.timeIntervalSince1970.rounded())
        return NamedUUID.make(NamedUUID.bytes(of: benefit) + withUnsafeBytes(of: start.bigEndian) { Array($0) } + [expired ? 1 : 0])
    }
}
