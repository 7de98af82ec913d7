import Foundation
import SwiftData
import Testing
import Trendy

/// The seed's batch import: rules map summaries to types, duplicates are skipped, and
/// one save writes every event or none.
@Suite struct CalendarImportTests {
    typealias F = Fixtures

    static let rules = [ImportRule(pattern: "gym", typeName: "Workout"), ImportRule(pattern: "run", typeName: "Workout"),
                        ImportRule(pattern: "dentist", typeName: "Health")]

    static func options(default defaultType: String? = nil) -> CalendarImporter.Options {
        .init(rules: rules, defaultTypeName: defaultType, window: ICSText.window, timeZone: F.utc)
    }

    static let file = ICSText.calendar(
        ICSText.event(uid: "1", ["DTSTART:20260302T070000Z"], summary: "Gym: legs")
            + ICSText.event(uid: "2", ["DTSTART:20260303T070000Z", "RRULE:FREQ=DAILY;COUNT=3"], summary: "Morning RUN")
            + ICSText.event(uid: "3", ["DTSTART:20260310T150000Z"], summary: "Dentist")
            + ICSText.event(uid: "4", ["DTSTART:20260311T120000Z"], summary: "Lunch with Ana"))

    static func stored(_ container: ModelContainer) throws -> [(String?, Date)] {
        try ModelContext(container).fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)])).map { ($0.eventType?.name, $0.timestamp) }
    }

    @Test func eventsTakeTheTypeOfTheFirstRuleTheirSummaryMatches() throws {
        let container = try F.inMemory()
        let summary = try CalendarImporter.importCalendar(Self.file, options: Self.options(), into: ModelContext(container))
        #expect(summary.added == ["Workout": 4, "Health": 1])
        #expect(summary.unmatched == 1)
        #expect(summary.typesCreated.sorted() == ["Health", "Workout"])
        let names = try Self.stored(container).map(\.0)
        #expect(names == ["Workout", "Workout", "Workout", "Workout", "Health"])
    }

    @Test func eventsNoRuleMatchesTakeTheDefaultType() throws {
        let container = try F.inMemory()
        let summary = try CalendarImporter.importCalendar(Self.file, options: Self.options(default: "Other"), into: ModelContext(container))
        #expect(summary.added["Other"] == 1)
        #expect(summary.unmatched == 0)
        #expect(try Self.stored(container).last?.0 == "Other")
    }

    @Test func anExistingTypeIsReusedIgnoringCase() throws {
        let container = try F.inMemory()
        let context = ModelContext(container)
        context.insert(EventType(name: "workout"))
        try context.save()
        let summary = try CalendarImporter.importCalendar(Self.file, options: Self.options(), into: context)
        #expect(summary.typesCreated == ["Health"])
        #expect(try ModelContext(container).fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)])).map(\.name) == ["Health", "workout"])
    }

    @Test func importingTheSameFileAgainAddsNothing() throws {
        let container = try F.inMemory()
        _ = try CalendarImporter.importCalendar(Self.file, options: Self.options(), into: ModelContext(container))
        let again = try CalendarImporter.importCalendar(Self.file, options: Self.options(), into: ModelContext(container))
        #expect(again.total == 0)
        #expect(again.duplicates == 5)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Event>()) == 5)
    }

    @Test func aNewInstanceOfAnImportedSeriesIsStillAdded() throws {
        let container = try F.inMemory()
        let first = ICSText.calendar(ICSText.event(uid: "s", ["DTSTART:20260301T070000Z", "RRULE:FREQ=DAILY;COUNT=2"], summary: "run"))
        let longer = ICSText.calendar(ICSText.event(uid: "s", ["DTSTART:20260301T070000Z", "RRULE:FREQ=DAILY;COUNT=3"], summary: "run"))
        _ = try CalendarImporter.importCalendar(first, options: Self.options(), into: ModelContext(container))
        let summary = try CalendarImporter.importCalendar(longer, options: Self.options(), into: ModelContext(container))
        #expect(summary.total == 1)
        #expect(summary.duplicates == 2)
    }

    @Test func anEventTwiceInTheFileIsAddedOnce() throws {
        let container = try F.inMemory()
        let file = ICSText.calendar(ICSText.event(uid: "d", ["DTSTART:20260301T070000Z"], summary: "gym")
                                    + ICSText.event(uid: "d", ["DTSTART:20260301T070000Z"], summary: "gym"))
        let summary = try CalendarImporter.importCalendar(file, options: Self.options(), into: ModelContext(container))
        #expect(summary.total == 1)
        #expect(summary.duplicates == 1)
    }

    @Test func aMalformedFileImportsNothingAndNamesTheLine() throws {
        let container = try F.inMemory()
        let broken = Self.file.replacingOccurrences(of: "DTSTART:20260310T150000Z", with: "DTSTART:2026-03-10")
        #expect { try CalendarImporter.importCalendar(broken, options: Self.options(), into: ModelContext(container)) } throws: { error in
            (error as? ICSError)?.line == 21
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Event>()) == 0)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<EventType>()) == 0)
    }

    @Test func aBatchWhoseSaveFailsWritesNoneOfItsEvents() throws {
        let container = try F.inMemory()
        let context = ModelContext(container)
        // An event waiting in the context with a type that belongs to another context,
        // which fails the import's single save.
        let foreign = EventType(name: "Foreign")
        let foreignContext = ModelContext(container)
        foreignContext.insert(foreign)
        defer { withExtendedLifetime(foreignContext) {} }
        let bad = Event(timestamp: F.time(0), eventType: nil)
        context.insert(bad)
        bad.eventType = foreign
        #expect(throws: (any Error).self) { try CalendarImporter.importCalendar(Self.file, options: Self.options(), into: context) }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Event>()) == 0)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<EventType>()) == 0)
    }

    @Test func progressIsReportedUpToEveryEvent() throws {
        var reports: [(Int, Int)] = []
        _ = try CalendarImporter.importCalendar(Self.file, options: Self.options(), into: ModelContext(try F.inMemory())) { reports.append(($0, $1)) }
        #expect(reports.count == 6)
        #expect(reports.last.map { [$0.0, $0.1] } == [6, 6])
    }

    @Test func anImportedEventKeepsItsUIDAllDayFlagAndEnd() throws {
        let container = try F.inMemory()
        let file = ICSText.calendar(ICSText.event(uid: "holiday-1", ["DTSTART;VALUE=DATE:20260406", "DTEND;VALUE=DATE:20260407"], summary: "Gym closed"))
        _ = try CalendarImporter.importCalendar(file, options: Self.options(), into: ModelContext(container))
        let event = try #require(try ModelContext(container).fetch(FetchDescriptor<Event>()).first)
        #expect(event.externalID == "holiday-1")
        #expect(event.isAllDay)
        #expect(event.timestamp == F.utc(2026, 4, 6))
        #expect(event.endDate == F.utc(2026, 4, 7))
        #expect(event.notes == "Gym closed")
    }
}
