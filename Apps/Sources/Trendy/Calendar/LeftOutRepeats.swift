import Foundation

/// The repeats of one recurring event that an import leaves out: past
/// ``ICSCalendarReader/mostRepeatsPerEvent`` within the range, a rule that would
/// otherwise make a hundred thousand events of ten lines.
public struct LeftOutRepeats: Equatable, Sendable {
    public var uid: String
    public var summary: String
    /// How many repeats within the range were left out.
    public var count: Int
    /// The first repeat left out; every one before it was read.
    public var firstLeftOut: Date
}
