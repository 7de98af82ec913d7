import Foundation

/// What a checked backup holds.
public struct BackupSummary: Codable, Equatable, Sendable {
    /// The schema version the backup was written with ("4.0.0").
    public var schemaVersion: String
    public var cards: Int
    public var sales: Int
    public var trades: Int
    public var events: Int
    public var contacts: Int
    public var gradingSubmissions: Int
    public var prices: Int
}
