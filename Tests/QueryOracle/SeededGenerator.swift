/// SplitMix64: small, fast, and the same sequence for a seed on every machine and run,
/// so that generated data, predicates and fuzz mutations repeat and a failure can be
/// repeated. Shared by the differential query tests, the fuzz replay and the sync tests'
/// random runs (convergence, kills).
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A seed made from `text` (FNV-1a), as Swift's `Hasher` changes from run to run.
    public init(seedText text: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        self.init(seed: hash)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
