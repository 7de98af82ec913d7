import CommandLineTestSupport
import Foundation
import Testing

/// Issue 33's nineteenth pass: under `--json` a script reads standard output as JSON and
/// standard error as `{"error": …}` only, as every other writing command of the five tools
/// leaves it.
@Suite("trendy's imports under --json")
struct JSONImportQuietTests {
    @Test func anImportUnderJSONWritesNoNotesOfItsSaveToStandardError() throws {
        let tool = try TrendyProcess()
        // 2,000 events: as many as make a plain import note its save.
        let type = UUID()
        let events = (0..<2_000).map { index in
            "{\"id\":\"\(UUID())\",\"timestamp\":\"2026-03-\(String(format: "%02d", 1 + index % 28))T08:\(String(format: "%02d", index % 60)):00.000Z\","
                + "\"typeID\":\"\(type)\",\"isAllDay\":false}"
        }
        let backup = "{\"version\":1,\"eventTypes\":[{\"id\":\"\(type)\",\"name\":\"Water\",\"colorHex\":\"#007AFF\",\"iconName\":\"circle\"}],"
            + "\"events\":[\(events.joined(separator: ","))]}"
        try backup.write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let imported = try tool.run("import", tool.file("b.json"), "--json")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.isEmpty, "\(imported.stderr)")
        #expect(imported.stdout.contains("\"eventsAdded\" : 2000"), "\(imported.stdout)")

        let calendar = ICSText.calendar(ICSText.event(uid: "g@test", ["DTSTART:20260105T090000Z"], summary: "Gym"))
        try calendar.write(toFile: tool.file("c.ics"), atomically: true, encoding: .utf8)
        let fromCalendar = try tool.run("import-ics", tool.file("c.ics"), "--rule", "gym=Workout", "--from", "2026-01-01", "--to", "2026-12-31", "--json")
        #expect(fromCalendar.status == 0, "\(fromCalendar.stderr)")
        #expect(fromCalendar.stderr.isEmpty, "\(fromCalendar.stderr)")
        #expect(fromCalendar.stdout.contains("\"eventsAdded\" : 1"), "\(fromCalendar.stdout)")
    }
}
