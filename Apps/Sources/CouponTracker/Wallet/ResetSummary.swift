import Foundation

/// What processing resets did.
public struct ResetSummary: Equatable, Sendable, Codable {
    /// Periods that ended and were replaced by new ones (a benefit can roll several).
    public var periodsRolled = 0
    /// Of those, the ones left unused: each is recorded as an auto-expired usage.
    public var periodsExpired = 0
    /// The value of the expired periods.
    public var valueExpired: Decimal = 0

    public init() {}
}
