import Foundation

/// One period of a benefit: from `start` to `end` (the last second of its last day),
/// after which it resets at `nextReset`, the start of the next period.
public struct BenefitPeriod: Equatable, Sendable {
    public let start: Date
    public let end: Date
    public let nextReset: Date

    public init(start: Date, end: Date, nextReset: Date) {
        self.start = start
        self.end = end
        self.nextReset = nextReset
    }
}
