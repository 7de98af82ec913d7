import CommandLineTestSupport
import Foundation
import SwiftData
import Testing
import Trendy

/// An all-day event is on its date in whatever zone it is read: logged in Tokyo on
/// 2026-03-10, it is on 2026-03-10 in New York too, and so is one a store kept before as
/// the start of its day in Tokyo (2026-03-09T15:00Z).
@Suite struct AllDayZoneTests {
    typealias F = Fixtures

    struct Stats: Decodable {
        struct Row: Decodable { let type: String; let total: Int; let counts: [Int] }
        let types: [Row]
    }

    struct Backup: Decodable {
        struct Record: Decodable { let timestamp: String; let endDate: String? }
        let events: [Record]
    }

    /// trendy on the test's store, its times in `zone`.
    static func trendy(_ tool: TrendyProcess, in zone: String) -> ToolProcess {
        ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": zone])
    }

    @discardableResult
    static func run(_ tool: TrendyProcess, in zone: String, _ arguments: String...) throws -> String {
        let output = try trendy(tool, in: zone).run(arguments + ["--store", tool.store])
        #expect(output.status == 0, "trendy \(arguments.joined(separator: " ")) in \(zone): \(output.stderr)")
        return output.stdout
    }

    /// Gym on 2026-03-10, all day, logged in Tokyo.
    static func loggedInTokyo() throws -> TrendyProcess {
        let tool = try TrendyProcess()
        try run(tool, in: "Asia/Tokyo", "types", "add", "Gym")
        try run(tool, in: "Asia/Tokyo", "log", "Gym", "--at", "2026-03-10", "--all-day")
        return tool
    }

    /// A store as trendy kept it before: Gym on 2026-03-10, all day, at the start of that day in Tokyo.
    static func keptBeforeInTokyo() throws -> TrendyProcess {
        let tool = try TrendyProcess()
        let context = ModelContext(try TrendyStore.container(at: URL(fileURLWithPath: tool.store)))
        let gym = EventType(name: "Gym")
        context.insert(gym)
        context.insert(Event(timestamp: F.date(2026, 3, 10, in: F.zone("Asia/Tokyo")), eventType: gym, isAllDay: true,
                             endDate: F.date(2026, 3, 11, in: F.zone("Asia/Tokyo"))))
        try context.save()
        return tool
    }

    @Test func anAllDayEventLoggedInTokyoIsListedOnItsDateInNewYork() throws {
        let tool = try Self.loggedInTokyo()
        let listed = try Self.run(tool, in: "America/New_York", "list")
        // Before: 2026-03-09, the day on which Tokyo's midnight falls in New York.
        #expect(listed.contains("2026-03-10 (all day)"), "\(listed)")
    }

    @Test func anAllDayEventLoggedInTokyoIsFoundByARangeOfItsDateInNewYork() throws {
        let tool = try Self.loggedInTokyo()
        let listed = try Self.run(tool, in: "America/New_York", "list", "--from", "2026-03-10", "--to", "2026-03-10")
        // Before: "No events match."
        #expect(listed.contains("2026-03-10 (all day)"), "\(listed)")
        let dayBefore = try Self.run(tool, in: "America/New_York", "list", "--from", "2026-03-09", "--to", "2026-03-09")
        #expect(dayBefore.contains("No events match."), "\(dayBefore)")
    }

    @Test func anAllDayEventLoggedInTokyoIsCountedOnItsDateInNewYork() throws {
        let tool = try Self.loggedInTokyo()
        let stats = try JSONDecoder().decode(Stats.self, from: Data(try Self.run(
            tool, in: "America/New_York", "stats", "--from", "2026-03-09", "--to", "2026-03-11", "--json").utf8))
        // Before: [1, 0, 0], on the 9th.
        #expect(stats.types.map(\.counts) == [[0, 1, 0]])
    }

    @Test func listJSONGivesAnAllDayEventsDateAsMidnightUTC() throws {
        let tool = try Self.loggedInTokyo()
        let json = try Self.run(tool, in: "America/New_York", "list", "--json")
        // Before: 2026-03-09T15:00:00Z, Tokyo's midnight.
        #expect(json.contains("\"time\" : \"2026-03-10T00:00:00Z\"") || json.contains("\"time\":\"2026-03-10T00:00:00Z\""), "\(json)")
    }

    @Test func anAllDayEventAStoreKeptAtTheStartOfItsDayInTokyoIsReadOnThatDateInNewYork() throws {
        let tool = try Self.keptBeforeInTokyo()
        let listed = try Self.run(tool, in: "America/New_York", "list", "--from", "2026-03-10", "--to", "2026-03-10")
        #expect(listed.contains("2026-03-10 (all day)"), "\(listed)")
        let stats = try JSONDecoder().decode(Stats.self, from: Data(try Self.run(
            tool, in: "America/New_York", "stats", "--from", "2026-03-09", "--to", "2026-03-11", "--json").utf8))
        #expect(stats.types.map(\.counts) == [[0, 1, 0]])
    }

    @Test func anExportOfAnAllDayEventKeptBeforeInTokyoGivesItsDateAsMidnightUTC() throws {
        let tool = try Self.keptBeforeInTokyo()
        let backup = try JSONDecoder().decode(Backup.self, from: Data(try Self.run(tool, in: "America/New_York", "export").utf8))
        // Before: 2026-03-09T15:00:00.000Z, the 9th to any program reading the file in UTC.
        #expect(backup.events.map(\.timestamp) == ["2026-03-10T00:00:00.000Z"])
        #expect(backup.events.map(\.endDate) == ["2026-03-11T00:00:00.000Z"])
    }

    @Test func anAllDayCalendarDateImportedInUTCIsOnThatDateInNewYork() throws {
        let tool = try TrendyProcess()
        let file = tool.file("holiday.ics")
        try ICSText.calendar(ICSText.event(uid: "race-1", ["DTSTART;VALUE=DATE:20260310", "DTEND;VALUE=DATE:20260311"], summary: "Race"))
            .write(toFile: file, atomically: true, encoding: .utf8)
        try Self.run(tool, in: "UTC", "import-ics", file, "--default-type", "Running")
        let listed = try Self.run(tool, in: "America/New_York", "list", "--from", "2026-03-10", "--to", "2026-03-10")
        // Before: "No events match.": it was kept as midnight in UTC, the 9th at 19:00 in New York.
        #expect(listed.contains("2026-03-10 (all day)"), "\(listed)")
    }

    @Test func anAllDayCalendarEventImportedBeforeInTokyoIsSkippedWhenTheFileIsImportedAgainElsewhere() throws {
        let tool = try TrendyProcess()
        let file = tool.file("holiday.ics")
        try ICSText.calendar(ICSText.event(uid: "race-1", ["DTSTART;VALUE=DATE:20260310"], summary: "Race"))
            .write(toFile: file, atomically: true, encoding: .utf8)
        try Self.run(tool, in: "Asia/Tokyo", "import-ics", file, "--default-type", "Running")
        let again = try Self.run(tool, in: "America/New_York", "import-ics", file, "--default-type", "Running")
        // Before: imported a second time, at New York's midnight.
        #expect(again.contains("Skipped 1 already imported"), "\(again)")
    }

    @Test func editAllDayPutsATimedEventOnTheDateItWasOnWhereItWasEdited() throws {
        let tool = try TrendyProcess()
        try Self.run(tool, in: "America/New_York", "types", "add", "Gym")
        let logged = try Self.run(tool, in: "America/New_York", "log", "Gym", "--at", "2026-03-10 21:00")
        let id = try #require(logged.components(separatedBy: "(id ").last?.prefix(8))
        try Self.run(tool, in: "America/New_York", "edit", String(id), "--all-day")
        let listed = try Self.run(tool, in: "Asia/Tokyo", "list")
        // Before: the flag alone changed, and the event stayed at 10:00 on the 11th in Tokyo, shown as the 11th.
        #expect(listed.contains("2026-03-10 (all day)"), "\(listed)")
    }
}
