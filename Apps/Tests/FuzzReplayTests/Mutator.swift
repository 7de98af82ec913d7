import Foundation
import QueryOracle

/// Makes inputs from a target's corpus as a fuzzer's first steps would, without its
/// coverage feedback: one to four edits of a corpus file, each a bit flip, a byte set to
/// a boundary value, an edge value of the format inserted or written over some bytes, a
/// range deleted or repeated, a cut, or a splice with another corpus file.
struct Mutator {
    let corpus: [Data]
    let edgeValues: [Data]
    var generator: SeededGenerator

    /// Bytes that parsers treat specially: NUL, the ends of ASCII and of a signed byte,
    /// line breaks, quotes, separators, and a byte that is never valid UTF-8.
    static let boundaryBytes: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0x0A, 0x0D, 0x22, 0x2C, 0x3A, 0x5C, 0xC0]

    mutating func next() -> Data {
        var bytes = Array(pick(corpus))
        for _ in 0..<Int.random(in: 1...4, using: &generator) { mutate(&bytes) }
        return Data(bytes)
    }

    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }

    private mutating func position(in bytes: [UInt8]) -> Int { Int.random(in: 0...bytes.count, using: &generator) }

    /// A range of `bytes`, short more often than long.
    private mutating func range(in bytes: [UInt8]) -> Range<Int> {
        let start = position(in: bytes)
        let longest = bytes.count - start
        let length = Bool.random(using: &generator) ? min(longest, Int.random(in: 0...8, using: &generator))
            : Int.random(in: 0...longest, using: &generator)
        return start..<(start + length)
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0 where !bytes.isEmpty:
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 1 where !bytes.isEmpty:
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = pick(Self.boundaryBytes)
        case 2, 3:
            bytes.insert(contentsOf: pick(edgeValues), at: position(in: bytes))
        case 4:
            bytes.replaceSubrange(range(in: bytes), with: pick(edgeValues))
        case 5:
            bytes.removeSubrange(range(in: bytes))
        case 6:
            let repeated = range(in: bytes)
            bytes.insert(contentsOf: bytes[repeated], at: position(in: bytes))
        default:
            // A splice: the start of this input and the end of another corpus file.
            let other = Array(pick(corpus))
            let cut = position(in: bytes)
            let from = Int.random(in: 0...other.count, using: &generator)
            bytes = Array(bytes[..<cut]) + other[from...]
        }
    }
}
