import Foundation
import SwiftData
import Testing
import Trendy

/// Files shaped as real calendar programs export them import with the right types, times and ends.
@Suite struct CalendarProgramFileTests {
    typealias F = Fixtures

    static let year2026 = DateInterval(start: Fixtures.utc(2026, 1, 1), end: Fixtures.utc(2027, 1, 1))

    static func options(_ zone: String) -> CalendarImporter.Options {
        .init(rules: [ImportRule(pattern: "gym", typeName: "Workout"), ImportRule(pattern: "run", typeName: "Running"),
                      ImportRule(pattern: "marathon", typeName: "Running"), ImportRule(pattern: "standup", typeName: "Work")],
              defaultTypeName: "Other", window: year2026, timeZone: F.zone(zone))
    }

    /// Imports `text` and returns (type, start, end, all day) of every event, by start.
    static func imported(_ text: String, zone: String) throws -> [(type: String, start: Date, end: Date?, allDay: Bool)] {
        let container = try F.inMemory()
        _ = try CalendarImporter.importCalendar(text, options: options(zone), into: ModelContext(container))
        return try ModelContext(container).fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)]))
            .map { ($0.eventType?.name ?? "", $0.timestamp, $0.endDate, $0.isAllDay) }
    }

    @Test func aGoogleCalendarExportImportsItsSeriesExceptionMovedInstanceAndAllDayEvent() throws {
        let events = try Self.imported(CalendarSamples.google, zone: "America/Los_Angeles")
        // Mondays and Thursdays at 06:30 in Los Angeles (UTC-8, then UTC-7 from March 8),
        // without March 12 (EXDATE), with March 16 moved to March 17 at 18:00.
        #expect(events.map(\.start) == [F.utc(2026, 3, 2, 14, 30), F.utc(2026, 3, 5, 14, 30), F.utc(2026, 3, 9, 13, 30),
                                        F.utc(2026, 3, 18, 1), F.utc(2026, 3, 19, 13, 30), F.utc(2026, 3, 21),
                                        F.utc(2026, 3, 23, 13, 30)])
        #expect(events.map(\.type) == ["Workout", "Workout", "Workout", "Workout", "Workout", "Running", "Workout"])
        #expect(events.first?.end == F.utc(2026, 3, 2, 15, 30))
        #expect(events.map(\.allDay) == [false, false, false, false, false, true, false])
    }

    @Test func aGoogleCalendarExportsFoldedEscapedDescriptionIsKept() throws {
        let occurrences = try ICSCalendarReader.occurrences(in: CalendarSamples.google, window: Self.year2026, timeZone: F.utc)
        #expect(occurrences.first?.details == "Coach says: bring water, a towel; and your <b>good</b> shoes.\nSee you there!")
        #expect(occurrences.last?.details == "Bib 1432. Start corral B. Gels at miles 4, 8 and 11. Do not go out too fast.")
    }

    @Test func anAppleCalendarExportImportsItsMonthlySeriesAcrossDaylightTimeAndItsBirthday() throws {
        let events = try Self.imported(CalendarSamples.apple, zone: "Europe/Berlin")
        // First Saturdays at 10:00 in Berlin: UTC+1 in March, UTC+2 from March 29; the birthday, a
        // date, at the start of that date in UTC, as all-day events are kept.
        #expect(events.map(\.start) == [F.utc(2026, 3, 7, 9), F.utc(2026, 4, 4, 8), F.utc(2026, 4, 12),
                                        F.utc(2026, 5, 2, 8), F.utc(2026, 6, 6, 8)])
        #expect(events.map(\.type) == ["Running", "Running", "Other", "Running", "Running"])
        #expect(events[2].allDay)
        #expect(events[2].end == F.utc(2026, 4, 13))
        #expect(events[0].end == F.utc(2026, 3, 7, 10))
    }

    @Test func anOutlookExportImportsTimesInTheZoneOnlyItsVTIMEZONEDefines() throws {
        let events = try Self.imported(CalendarSamples.outlook, zone: "Europe/Berlin")
        // Wednesdays at 09:00 in W. Europe time: March 25 is before the change on March 29.
        #expect(events.map(\.start) == [F.utc(2026, 3, 25, 8), F.utc(2026, 4, 1, 7), F.utc(2026, 4, 3), F.utc(2026, 4, 8, 7)])
        #expect(events.map(\.type) == ["Work", "Work", "Other", "Work"])
        #expect(events[0].end == F.utc(2026, 3, 25, 8, 30))
    }
}
