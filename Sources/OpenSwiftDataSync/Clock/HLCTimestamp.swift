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

    /// The moment a ``description`` names; nil for text that is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 2)
        guard parts.count == 3, let milliseconds = Int64(parts[0]), let counter = UInt32(parts[1]),
              let node = UUID(uuidString: String(parts[2])) else { return nil }
        self.init(milliseconds: milliseconds, counter: counter, node: node)
    }
}
