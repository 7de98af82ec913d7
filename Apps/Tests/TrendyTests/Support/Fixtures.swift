import Foundation
import SwiftData
import Trendy

/// Fixed instants, calendars and zones, so that no test depends on the clock or the machine's zone.
enum Fixtures {
    /// Seconds after an arbitrary instant in 2026 (2026-01-13 00:26:40 UTC).
    static func time(_ seconds: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: 790_000_000 + seconds)
    }

    static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    static let utc = zone("UTC")

    static func calendar(_ zone: TimeZone = utc) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2
        return calendar
    }

    /// An instant given as a UTC date and time.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        date(year, month, day, hour, minute, second, in: utc)
    }

    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0, in zone: TimeZone) -> Date {
        calendar(zone).date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) ?? .distantPast
    }

    static func inMemory() throws -> ModelContainer { try TrendyStore.inMemoryContainer() }

    static func file(_ store: TemporaryStore) throws -> ModelContainer { try TrendyStore.container(at: store.url) }
}
