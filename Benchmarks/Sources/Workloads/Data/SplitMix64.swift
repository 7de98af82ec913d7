/// A small seeded generator, so that every implementation and every process sees
/// byte-for-byte the same fixture (the system generator is seeded randomly).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// A version-4-shaped UUID drawn from the generator (deterministic, unlike UUID()).
    public mutating func uuid() -> UUID {
        var a = next(), b = next()
        a = (a & ~0x0000_0000_0000_F000) | 0x0000_0000_0000_4000 // version 4
        b = (b & ~0xC000_0000_0000_0000) | 0x8000_0000_0000_0000 // RFC 4122 variant
        let bytes = withUnsafeBytes(of: (a.bigEndian, b.bigEndian)) { Array($0) }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// An element of a non-empty array.
    public mutating func pick<T>(_ values: [T]) -> T {
        values[Int(next() % UInt64(values.count))]
    }

    /// An integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }

    /// A Double in [low, high), rounded to cents: prices round-trip exactly through
    /// their text form in the CSV export.
    public mutating func cents(_ low: Double, _ high: Double) -> Double {
        let x = low + (high - low) * (Double(next() >> 11) / Double(1 << 53))
        return (x * 100).rounded() / 100
    }
}

import Foundation
