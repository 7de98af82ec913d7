import Foundation
import MomentText

/// Every event type and event, as the JSON file `trendy export` writes and `trendy
/// import` reads (the seed's "Manual Backup Strategy", without its `try!`).
public struct TrendyBackup: Codable, Equatable, Sendable {
    public struct EventTypeRecord: Codable, Equatable, Sendable {
        public var id: UUID
        public var name: String
        public var colorHex: String
        public var iconName: String
    }

    public struct EventRecord: Codable, Equatable, Sendable {
        public var id: UUID
        public var timestamp: Date
        public var typeID: UUID?
        public var notes: String?
        public var isAllDay: Bool
        public var endDate: Date?
        public var externalID: String?
    }

    /// The format's version; a file of a later version is refused rather than misread.
    public var version: Int
    public var eventTypes: [EventTypeRecord]
    public var events: [EventRecord]

    public static let currentVersion = 1

    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.timeFormat.format(date))
        }
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard MomentText.isPlausibleExported(text), let date = try? Self.timeFormat.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not a time like 2026-03-01T08:30:00.000Z, on a day that exists, at a time from 00:00 to 23:59, "
                        + "from \(PlausibleDates.years.lowerBound) to \(PlausibleDates.years.upperBound)")
            }
            return date
        }
        return decoder
    }

    /// UTC with milliseconds: exact for times the app records, readable by people. A
    /// format style, not a formatter: it is a value made once, and parses without ICU.
    static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
