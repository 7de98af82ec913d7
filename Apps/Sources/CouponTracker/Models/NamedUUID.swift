import Foundation

/// A UUID made from a name (bytes) by a fixed rule, the same on every device, in every run:
/// for records two devices of a synced wallet each make for one fact, so that sync takes
/// them as one record (a unique key is merged as an upsert) rather than keeping both.
enum NamedUUID {
    /// The UUID of `name`: two FNV-1a hashes of it, as an RFC 9562 version 8 UUID (one made by
    /// the application's own rule).
    static func make(_ name: [UInt8]) -> UUID {
        let high = fnv1a(name, basis: 0xcbf2_9ce4_8422_2325)
        let low = fnv1a(name, basis: 0x6c62_272e_07bb_0142)
        var id = withUnsafeBytes(of: high.bigEndian) { Array($0) } + withUnsafeBytes(of: low.bigEndian) { Array($0) }
        id[6] = (id[6] & 0x0F) | 0x80
        id[8] = (id[8] & 0x3F) | 0x80
        return UUID(uuid: (id[0], id[1], id[2], id[3], id[4], id[5], id[6], id[7],
                           id[8], id[9], id[10], id[11], id[12], id[13], id[14], id[15]))
    }

    /// The bytes of `id`, to make a name of.
    static func bytes(of id: UUID) -> [UInt8] {
        withUnsafeBytes(of: id.uuid) { Array($0) }
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
