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

    /// Whether `lhs` is before `rhs`.
    public static func < (lhs: HLCTimestamp, rhs: HLCTimestamp) -> Bool {
        if lhs.milliseconds != rhs.milliseconds { return lhs.milliseconds < rhs.milliseconds }
        if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
        return lhs.node.uuidString < rhs.node.uuidString
    }

    /// `milliseconds-counter-node`, with fixed-width numbers so that the text sorts as the moments do.
    public var description: String {
        String(format: "%015lld-%010u-", milliseconds, counter) + node.uuidString
    }

    /// The last millisecond of the year 9999. A moment after it (or before 1970) is no
    /// clock's: one near `Int64.max` would make every device's clock overflow, and trap,
    /// when it takes it in, and would win every later write.
    public static let latestMilliseconds: Int64 = 253_402_300_799_999

    /// The moment a ``description`` names; nil for text that is not one, or whose
    /// milliseconds are outside 0 through ``latestMilliseconds``.
    public init?(_ text: String) {
        // Empty parts are kept, so that "-5-0-node" is not read as the moment "5-0-node".
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[..<2].allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let milliseconds = Int64(parts[0]), let counter = UInt32(parts[1]),
              let node = UUID(uuidString: String(parts[2])), (0...Self.latestMilliseconds).contains(milliseconds) else { return nil }
        self.init(milliseconds: milliseconds, counter: counter, node: node)
    }
}
