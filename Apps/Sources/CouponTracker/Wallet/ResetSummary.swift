import Foundation

/// What processing resets did.
public struct ResetSummary: Equatable, Sendable, Codable {
    /// Periods that ended and were replaced by new ones (a benefit can roll several).
    public var periodsRolled = 0
    /// Of those, the ones left unused: each is recorded as an auto-expired usage.
    public var periodsExpired = 0
    /// The value of the expired periods.
    public var valueExpired: Decimal = 0
    /// Periods another program stored outside the years the wallet keeps (or ending before
    /// they start), put back in the period holding the moment of the reset; none expires.
    public var periodsRepaired = 0
    /// Benefits whose reminder days another program stored outside 0 to 30, put back to the
    /// wallet's default reminder days.
    public var remindersRepaired = 0

    public init() {}
}
