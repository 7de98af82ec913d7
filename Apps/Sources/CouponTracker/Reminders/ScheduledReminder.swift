import Foundation

/// One notification the app would hand to the system.
public struct ScheduledReminder: Equatable, Sendable, Codable {
    /// The notification's identifier: the benefit and the period it reminds of.
    public let identifier: String
    public let benefitId: UUID
    public let cardName: String
    public let benefitName: String
    public let value: Decimal
    public let fireDate: Date
    public let periodEnd: Date
}
