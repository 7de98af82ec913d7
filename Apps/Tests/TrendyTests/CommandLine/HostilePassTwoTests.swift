import CommandLineTestSupport
import Foundation
import Testing

/// The second hostile pass over trendy: what an import, a calendar file or an argument
/// got round, and the conventions trendy now shares with the other tools.
@Suite("trendy under the second hostile pass")
struct HostilePassTwoTests {
    struct TypeRow: Decodable { let name: String; let events: Int }

    /// A JSON export holding `types` (name, id) and one event of the first type.
    static func backup(_ types: [(String, UUID)], at timestamp: String = "2026-03-02T08:00:00.000Z") -> String {
        let typeRecords = types.map { "{\"id\":\"\($0.1)\",\"name\":\"\($0.0)\",\"colorHex\":\"#007AFF\",\"iconName\":\"circle\"}" }
        let event = "{\"id\":\"\(UUID())\",\"timestamp\":\"\(timestamp)\",\"typeID\":\"\(types[0].1)\",\"isAllDay\":false}"
        return "{\"version\":1,\"eventTypes\":[\(typeRecords.joined(separator: ","))],\"events\":[\(event)]}"
    }

    @Test func anImportedTypeNamedLikeAnExistingOneIgnoringCaseAndSpacesIsMergedIntoIt() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Coffee")
        try Self.backup([(" COFFEE ", UUID())]).write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let imported = try tool.ok("import", tool.file("b.json"))
        #expect(imported.contains("Imported 1 event and 0 types"), "\(imported)")
        let types = try tool.json([TypeRow].self, "types", "list")
        #expect(types.map(\.name) == ["Coffee"])
        #expect(types.first?.events == 1)
        try tool.ok("types", "rename", "coffee", "Tea")
        #expect(try tool.json([TypeRow].self, "types", "list").map(\.name) == ["Tea"])
    }

    @Test func anImportedTypeNameIsTrimmedAsTypesAddTrimsIt() throws {
        let tool = try TrendyProcess()
        try Self.backup([("  Tea  ", UUID())]).write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        try tool.ok("import", tool.file("b.json"))
        #expect(try tool.json([TypeRow].self, "types", "list").map(\.name) == ["Tea"])
        try tool.ok("types", "rename", "tea", "Green tea")
    }

    @Test func aTabInAnImportedTypeNameIsRefusedNamingIt() throws {
        let tool = try TrendyProcess()
        try Self.backup([("Green\\ttea", UUID())]).write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let output = try tool.run("import", tool.file("b.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("eventTypes → item 1 → name \"Green\\u{9}tea\" has a tab (\\u{9}) at character 6: names are one line"),
                "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func twoImportedTypesNamedAlikeIgnoringCaseAndSpacesAreRefusedByName() throws {
        let tool = try TrendyProcess()
        try Self.backup([("Coffee", UUID()), (" COFFEE ", UUID())])
            .write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let output = try tool.run("import", tool.file("b.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("\"Coffee\" and \" COFFEE \" have the same name"), "\(output.stderr)")
    }

    @Test func twoEventsWithOneIdAreRefusedNamingTheirPlacesAndTheId() throws {
        let tool = try TrendyProcess()
        let type = UUID()
        let id = UUID()
        // The same id in capitals and in small letters: one id.
        let events = [id.uuidString, id.uuidString.lowercased()].map {
            "{\"id\":\"\($0)\",\"timestamp\":\"2026-03-02T08:00:00.000Z\",\"typeID\":\"\(type)\",\"isAllDay\":false}"
        }
        try ("{\"version\":1,\"eventTypes\":[{\"id\":\"\(type)\",\"name\":\"Water\",\"colorHex\":\"#007AFF\",\"iconName\":\"circle\"}],"
             + "\"events\":[\(events.joined(separator: ","))]}").write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let output = try tool.run("import", tool.file("b.json"))
        #expect(output.status != 0)
        // Before, "two events have the same id", naming neither.
        #expect(output.stderr.contains("events 1 and 2 have the same id, \(id.uuidString)"), "\(output.stderr)")
    }

    @Test func twoImportedTypesWhoseNamesDifferOnlyInHowAnAccentIsWrittenAreSaidToLookTheSame() throws {
        let tool = try TrendyProcess()
        try Self.backup([("Caf\u{E9}", UUID()), ("Cafe\u{301}", UUID())])
            .write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let output = try tool.run("import", tool.file("b.json"))
        #expect(output.status != 0)
        // Before, "(names ignore case and the spaces around them)", of two names that print alike.
        #expect(output.stderr.contains("with an accent written as one character in one and as a letter and a separate mark"),
                "\(output.stderr)")
    }

    @Test func theHour24IsRefusedInAnImportAsInLogAt() throws {
        let tool = try TrendyProcess()
        try Self.backup([("Water", UUID())], at: "2026-01-01T24:00:00.000Z")
            .write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let output = try tool.run("import", tool.file("b.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("2026-01-01T24:00:00.000Z"), "\(output.stderr)")
        #expect(output.stderr.contains("00:00 to 23:59"), "\(output.stderr)")
        try tool.ok("types", "add", "Water")
        let typed = try tool.run("log", "Water", "--at", "2026-01-01 24:00")
        #expect(typed.status != 0)
        #expect(typed.stderr.contains("not a real date and time"), "\(typed.stderr)")
    }

    /// `trendy --json ARGUMENTS`, which must succeed, as a JSON object.
    func counts(_ tool: TrendyProcess, _ arguments: [String]) throws -> [String: Any] {
        let output = try tool.run(["--json"] + arguments)
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
    }

    @Test func bothImportsPrintTheirCountsInTheSameWords() throws {
        let tool = try TrendyProcess()
        let shared: Set<String> = ["typesAdded", "eventsAdded", "eventsSkipped"]
        try Self.backup([("Coffee", UUID())]).write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let imported = try counts(tool, ["import", tool.file("b.json")])
        #expect(Set(imported.keys) == shared, "\(imported)")
        #expect([imported["typesAdded"], imported["eventsAdded"], imported["eventsSkipped"]].map { $0 as? Int } == [1, 1, 0])
        let again = try counts(tool, ["import", tool.file("b.json")])
        #expect([again["typesAdded"], again["eventsAdded"], again["eventsSkipped"]].map { $0 as? Int } == [0, 0, 1])

        let calendar = ICSText.calendar(ICSText.event(uid: "g@test", ["DTSTART:20260105T090000Z"], summary: "Gym")
                                        + ICSText.event(uid: "d@test", ["DTSTART:20260106T090000Z"], summary: "Dentist"))
        try calendar.write(toFile: tool.file("c.ics"), atomically: true, encoding: .utf8)
        let ics = ["import-ics", tool.file("c.ics"), "--rule", "gym=Workout", "--from", "2026-01-01", "--to", "2026-12-31"]
        let fromCalendar = try counts(tool, ics)
        // The counts both imports have under the same names, and what only a calendar has beside them.
        #expect(Set(fromCalendar.keys) == shared.union(["typesAddedNames", "eventsAddedByType", "eventsUnmatched"]), "\(fromCalendar)")
        #expect([fromCalendar["typesAdded"], fromCalendar["eventsAdded"], fromCalendar["eventsSkipped"], fromCalendar["eventsUnmatched"]]
            .map { $0 as? Int } == [1, 1, 0, 1])
        #expect(fromCalendar["typesAddedNames"] as? [String] == ["Workout"])
        #expect(fromCalendar["eventsAddedByType"] as? [String: Int] == ["Workout": 1])
        let calendarAgain = try counts(tool, ics)
        #expect([calendarAgain["typesAdded"], calendarAgain["eventsAdded"], calendarAgain["eventsSkipped"]].map { $0 as? Int } == [0, 0, 1])
    }

    /// import-ics of one event with `rule`, into a store with the type Water.
    func importRule(_ tool: TrendyProcess, _ rule: String) throws -> TrendyProcess.Output {
        let calendar = ICSText.calendar(ICSText.event(uid: "r@test", ["DTSTART:20260105T090000Z", "RRULE:" + rule], summary: "Gym"))
        try calendar.write(toFile: tool.file("rule.ics"), atomically: true, encoding: .utf8)
        return try tool.run("import-ics", tool.file("rule.ics"), "--default-type", "Water", "--from", "2026-01-01", "--to", "2026-12-31")
    }

    @Test func aByDayOrdinalNoMonthHasIsRefusedByNameNotDroppingTheRepeats() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        for (rule, words) in [("FREQ=MONTHLY;BYDAY=9MO;COUNT=5", "\"9MO\""), ("FREQ=YEARLY;BYMONTH=3;BYDAY=-6FR;COUNT=2", "\"-6FR\""),
                              ("FREQ=WEEKLY;BYDAY=2TU;COUNT=3", "\"2TU\""), ("FREQ=YEARLY;BYDAY=54SU;COUNT=2", "\"54SU\"")] {
            let output = try importRule(tool, rule)
            #expect(output.status != 0, "\(rule): \(output.stdout)")
            #expect(output.stderr.contains(words), "\(rule): \(output.stderr)")
        }
        #expect(try tool.json([TypeRow].self, "types", "list").first?.events == 0)
        let fine = try importRule(tool, "FREQ=MONTHLY;BYDAY=-1MO;COUNT=5")
        #expect(fine.stdout.contains("Imported 5 events"), "\(fine.stdout) \(fine.stderr)")
    }

    @Test func aListingOfADamagedStoreFailsSayingItWasMovedAsideNotAnEmptySuccess() throws {
        let tool = try TrendyProcess()
        _ = try tool.damageByCuttingInHalf()
        let output = try tool.run("types", "list", "--json")
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty, "\(output.stdout)")
        #expect(output.stderr.hasPrefix("{\"error\":"), "\(output.stderr)")
        #expect(output.stderr.contains("was damaged") && output.stderr.contains("Nothing is listed"), "\(output.stderr)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: tool.directory.path).filter { $0.contains("damaged") }
        #expect(aside.count == 1)
    }
}
