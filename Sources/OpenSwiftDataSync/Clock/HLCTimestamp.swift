import Foundation

/// A moment on a hybrid logical clock: wall-clock milliseconds, a counter that orders
/// moments within one millisecond (or while the wall clock lags a time already seen),
/// and the node that made it, so that no two nodes' moments are ever equal.
///
/// Moments order by `milliseconds`, then `counter`, then `node`: a total order every
/// device and the server compute alike, which is what "the later write wins" means.
public struct HLCTimestamp: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970, as the clock last advanced to them.
    public let milliseconds: Int64
    /// Orders moments that share `milliseconds`.
    public let counter: UInt32
    /// The node (device or server) that made the moment.
    public let node: UUID

    /// A moment with these parts.
    public init(milliseconds: Int64, counter: UInt32, node: UUID) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.node = node
    }

    /// The earliest moment: before every moment a clock makes.
    public static let zero = HLCTimestamp(milliseconds: 0, counter: 0, node: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))

    /// Whether `lhs` is before `rhs`. Nodes order as their `uuidString`s do, which is the
    /// order of their bytes.
    public static func < (lhs: HLCTimestamp, rhs: HLCTimestamp) -> Bool {
        if lhs.milliseconds != rhs.milliseconds { return lhs.milliseconds < rhs.milliseconds }
        if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
        return withUnsafeBytes(of: lhs.node.uuid) { left in
            withUnsafeBytes(of: rhs.node.uuid) { right in left.lexicographicallyPrecedes(right) }
        }
    }

    /// `milliseconds-counter-node`, with fixed-width numbers so that the text sorts as the
    /// moments do: `%015lld-%010u-` and the node's `uuidString`. Written digit by digit, as
    /// sync writes one for every property it notes.
    public var description: String {
        // 15 digits (20 for the largest Int64, with its sign), 10, 36 and two dashes.
        String(unsafeUninitializedCapacity: 68) { text in
            var end = 0
            func put(_ byte: UInt8) {
                text[end] = byte
                end += 1
            }
            // Zero-padded to `width`, written from its last digit back.
            func put(digitsOf value: UInt64, width: Int) {
                var count = 1
                var probe = value
                while probe >= 10 {
                    probe /= 10
                    count += 1
                }
                let total = max(width, count)
                var rest = value
                for position in stride(from: end + total - 1, through: end, by: -1) {
                    text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                end += total
            }
            func put(hexDigit nibble: UInt8) { put(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10) }
            if milliseconds < 0 { put(UInt8(ascii: "-")) }
            put(digitsOf: milliseconds.magnitude, width: milliseconds < 0 ? 14 : 15)
            put(UInt8(ascii: "-"))
            put(digitsOf: UInt64(counter), width: 10)
            put(UInt8(ascii: "-"))
            withUnsafeBytes(of: node.uuid) { bytes in
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 { put(UInt8(ascii: "-")) }
                    put(hexDigit: byte >> 4)
                    put(hexDigit: byte & 0x0F)
                }
            }
            return end
        }
    }

    /// The last millisecond of the year 9999. A moment after it (or before 1970) is no
    /// clock's: one near `Int64.max` would make every device's clock overflow, and trap,
    /// when it takes it in, and would win every later write.
    public static let latestMilliseconds: Int64 = 253_402_300_799_999

    /// The moment a ``description`` names; nil for text that is not one, or whose
    /// milliseconds are outside 0 through ``latestMilliseconds``.
    public init?(_ text: String) {
        var text = text
        guard let moment = text.withUTF8({ Self(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = moment
    }

    /// The moment the UTF-8 `text` names, as ``init(_:)`` reads it: digits, `-`, digits, `-`,
    /// and the node's UUID. Read byte by byte, as sync reads one for every change it receives.
    init?(utf8 text: UnsafeRawBufferPointer) {
        var position = 0
        /// The digits up to the next `-`, and the `-`; nil when there are none, or too many.
        func number(below limit: UInt64) -> UInt64? {
            let start = position
            var value: UInt64 = 0
            while position < text.count, text[position] != UInt8(ascii: "-") {
                let digit = text[position] &- UInt8(ascii: "0")
                guard digit < 10, value <= (limit - UInt64(digit)) / 10 else { return nil }
                value = value * 10 + UInt64(digit)
                position += 1
            }
            guard position > start, position < text.count else { return nil }
            position += 1
            return value
        }
        guard let milliseconds = number(below: UInt64(Self.latestMilliseconds)), let counter = number(below: UInt64(UInt32.max)),
              let node = UUID(utf8: UnsafeRawBufferPointer(rebasing: text[position...])) else { return nil }
        self.init(milliseconds: Int64(milliseconds), counter: UInt32(counter), node: node)
    }
}
