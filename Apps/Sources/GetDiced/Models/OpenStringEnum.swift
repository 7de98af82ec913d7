import GRDB

/// A string value from the database with a fixed set of known cases that keeps
/// any other value it meets.
///
/// Catalogs from get-diced.com gain new values over time (the bundled file already
/// has `SpectacleCard` and `TrioCompetitorCard`), so decoding must never fail on an
/// unknown string, and writing the value back must store it unchanged.
public protocol OpenStringEnum: RawRepresentable, Hashable, Sendable, Codable,
    DatabaseValueConvertible, CustomStringConvertible where RawValue == String
{
    /// Creates the known case for `rawValue`, or the `unknown` case that keeps it.
    init(rawValue: String)

    /// Every case except `unknown`.
    static var knownCases: [Self] { get }
}

extension OpenStringEnum {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        String.fromDatabaseValue(dbValue).map(Self.init(rawValue:))
    }

    public var description: String { rawValue }

    /// Whether the value is one the library knows rather than one it only keeps.
    public var isKnown: Bool { Self.knownCases.contains(self) }

    /// The known case whose raw value matches `text` ignoring case, for user input.
    public static func matching(_ text: String) -> Self? {
        knownCases.first { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame }
    }
}
