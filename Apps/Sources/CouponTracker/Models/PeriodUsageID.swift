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
        var bytes: [UInt8] = withUnsafeBytes(of: benefit.uuid) { Array($0) }
        // Whole seconds: a period starts on a day's first second, and the start is the same
        // on every device whichever way its date was carried there.
        let start = Int64(periodStart.timeIntervalSince1970.rounded())
        bytes += withUnsafeBytes(of: start.bigEndian) { Array($0) }
        bytes.append(expired ? 1 : 0)
        let high = fnv1a(bytes, basis: 0xcbf2_9ce4_8422_2325)
        let low = fnv1a(bytes, basis: 0x6c62_272e_07bb_0142)
        var id = withUnsafeBytes(of: high.bigEndian) { Array($0) } + withUnsafeBytes(of: low.bigEndian) { Array($0) }
        // An RFC 9562 version 8 UUID (one made by the application's own rule).
        id[6] = (id[6] & 0x0F) | 0x80
        id[8] = (id[8] & 0x3F) | 0x80
        return UUID(uuid: (id[0], id[1], id[2], id[3], id[4], id[5], id[6], id[7],
                           id[8], id[9], id[10], id[11], id[12], id[13], id[14], id[15]))
    }

    /// FNV-1a, 64 bits: the same on every platform and in every run, as Swift's `Hasher` is not.
    private static func fnv1a(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
