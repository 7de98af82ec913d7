/// An order-independent fingerprint of a collection of rows: row count plus the
/// wrapping sum of a 64-bit FNV-1a hash per row. Two result sets with the same
/// digest hold the same rows (up to hash collisions), whatever order they came in.
public struct Digest: Equatable, Sendable, CustomStringConvertible {
    public private(set) var count = 0
    public private(set) var sum: UInt64 = 0

    public init() {}

    public mutating func add(_ row: RowHasher) {
        count += 1
        sum &+= row.value
    }

    public var description: String { "\(count) rows, hash \(String(sum, radix: 16))" }
}

/// FNV-1a over the fields of one row. Deterministic across processes, unlike Hasher.
public struct RowHasher {
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    @inline(__always)
    private mutating func byte(_ b: UInt8) {
        value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01B3
    }

    public mutating func combine(_ x: UInt64) {
        var x = x
        for _ in 0..<8 { byte(UInt8(truncatingIfNeeded: x)); x >>= 8 }
    }

    public mutating func combine(_ x: Int) { combine(UInt64(bitPattern: Int64(x))) }
    public mutating func combine(_ x: Double) { combine(x.bitPattern) }
    public mutating func combine(_ x: Bool) { byte(x ? 1 : 0) }

    public mutating func combine(_ s: String) {
        for b in s.utf8 { byte(b) }
        byte(0xFF) // separator: "ab"+"c" must differ from "a"+"bc"
    }

    public mutating func combine(_ u: UUID) {
        withUnsafeBytes(of: u.uuid) { for b in $0 { byte(b) } }
    }

    public mutating func combine<T>(_ optional: T?, _ combineWrapped: (inout RowHasher, T) -> Void) {
        if let wrapped = optional { byte(1); combineWrapped(&self, wrapped) } else { byte(0) }
    }
}

import Foundation
