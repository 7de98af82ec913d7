import Foundation
import Testing

/// The `trendy` tool, run as a user runs it.
@Suite struct CommandLineTests {
    struct EventRow: Decodable, Equatable { let id: String; let time: String; let type: String?; let notes: String?; let allDay: Bool; let end: String? }
    struct TypeRow: Decodable, Equatable { let name: String; let color: String; let icon: String; let events: Int }
    struct Stats: Decodable { struct Row: Decodable { let type: String; let total: Int; let counts: [Int]; let longestStreak: Int }; let types: [Row] }

    /// A tool with Water and Gym and three events on 2026-03-02 and 03.
    static func logged() throws -> TrendyProcess {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water", "--color", "#0a84ff", "--icon", "drop")
        try tool.ok("types", "add", "Gym")
        try tool.ok("log", "Water", "--at", "2026-03-02 08:00", "--note", "big glass")
        try tool.ok("log", "Gym", "--at", "2026-03-02 18:30")
        try tool.ok("log", "Water", "--at", "2026-03-03 09:15")
        return tool
    }

    @Test func listJSONWithoutAFilterPrintsEveryEventNewestFirst() throws {
        let tool = try Self.logged()
        let rows = try tool.json([EventRow].self, "list")
        #expect(rows.map(\.time) == ["2026-03-03T09:15:00Z", "2026-03-02T18:30:00Z", "2026-03-02T08:00:00Z"])
        #expect(rows.map(\.type) == ["Water", "Gym", "Water"])
        #expect(rows.last?.notes == "big glass")
    }

    @Test func listFiltersByTypeAndDayRange() throws {
        let tool = try Self.logged()
        #expect(try tool.json([EventRow].self, "list", "--type", "water").count == 2)
        #expect(try tool.json([EventRow].self, "list", "--from", "2026-03-02", "--to", "2026-03-02").map(\.type) == ["Gym", "Water"])
        #expect(try tool.json([EventRow].self, "list", "--type", "Water", "--from", "2026-03-03").map(\.time) == ["2026-03-03T09:15:00Z"])
    }

    @Test func typesAreListedWithTheirEventCounts() throws {
        let tool = try Self.logged()
        #expect(try tool.json([TypeRow].self, "types", "list") == [TypeRow(name: "Gym", color: "#007AFF", icon: "circle", events: 1),
                                                                   TypeRow(name: "Water", color: "#0A84FF", icon: "drop", events: 2)])
    }

    @Test func renamingATypeKeepsItsEvents() throws {
        let tool = try Self.logged()
        try tool.ok("types", "rename", "Water", "Sparkling")
        #expect(try tool.json([EventRow].self, "list").map(\.type) == ["Sparkling", "Gym", "Sparkling"])
    }

    @Test func deletingATypeKeepsItsEventsWithoutAType() throws {
        let tool = try Self.logged()
        let output = try tool.ok("types", "delete", "Water")
        #expect(output.contains("2 events were kept"))
        #expect(try tool.json([EventRow].self, "list").map(\.type) == [nil, "Gym", nil])
    }

    @Test func editChangesAnEventsNoteTimeAndType() throws {
        let tool = try Self.logged()
        let id = try #require(try tool.json([EventRow].self, "list").first?.id)
        try tool.ok("edit", String(id.prefix(8)), "--note", "after the run", "--at", "2026-03-03 10:00", "--type", "Gym")
        let edited = try #require(try tool.json([EventRow].self, "list").first)
        #expect(edited.notes == "after the run")
        #expect(edited.time == "2026-03-03T10:00:00Z")
        #expect(edited.type == "Gym")
    }

    @Test func deleteRemovesOneEvent() throws {
        let tool = try Self.logged()
        let id = try #require(try tool.json([EventRow].self, "list").first?.id)
        try tool.ok("delete", id)
        #expect(try tool.json([EventRow].self, "list").map(\.time) == ["2026-03-02T18:30:00Z", "2026-03-02T08:00:00Z"])
    }

    @Test func loggingAnUnknownTypeFailsOnStandardErrorAndChangesNothing() throws {
        let tool = try Self.logged()
        let before = try tool.ok("list", "--json")
        let output = try tool.run("log", "Tea", "--at", "2026-03-04 08:00")
        #expect(output.status != 0)
        #expect(output.stderr.contains("There is no event type named \"Tea\""))
        #expect(output.stdout.isEmpty)
        #expect(try tool.ok("list", "--json") == before)
    }

    @Test func aTimeThatIsNotADateIsRefusedNamingTheFormat() throws {
        let tool = try Self.logged()
        let output = try tool.run("log", "Water", "--at", "2026-02-30 08:00")
        #expect(output.status != 0)
        #expect(output.stderr.contains("not a real date"))
    }

    @Test func aListingOfAStoreThatDoesNotExistIsRefusedWithoutCreatingIt() throws {
        let tool = try TrendyProcess()
        let output = try tool.run("list")
        #expect(output.status != 0)
        #expect(output.stderr.contains("There is no store at"))
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func importICSMapsRulesShowsProgressAndSkipsWhatItImportedBefore() throws {
        let tool = try TrendyProcess()
        try CalendarSamples.google.write(toFile: tool.file("google.ics"), atomically: true, encoding: .utf8)
        let first = try tool.run("import-ics", tool.file("google.ics"), "--rule", "gym=Workout", "--rule", "marathon=Running",
                                 "--from", "2026-01-01", "--to", "2026-12-31")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Imported 7 events: 1 Running, 6 Workout."))
        // The bar itself is drawn only on a terminal; a pipe gets the plain notes of the save.
        #expect(first.stderr.contains("Saving...") && first.stderr.contains("Saved 7 events."))
        let second = try tool.ok("import-ics", tool.file("google.ics"), "--rule", "gym=Workout", "--rule", "marathon=Running",
                                 "--from", "2026-01-01", "--to", "2026-12-31")
        #expect(second.contains("Skipped 7 already imported."))
        #expect(try tool.json([EventRow].self, "list").count == 7)
    }

    @Test func aMalformedCalendarFileImportsNothingAndNamesTheLine() throws {
        let tool = try Self.logged()
        let broken = CalendarSamples.google.replacingOccurrences(of: "DTSTART;VALUE=DATE:20260321", with: "DTSTART;VALUE=DATE:2026-03-21")
        try broken.write(toFile: tool.file("broken.ics"), atomically: true, encoding: .utf8)
        let output = try tool.run("import-ics", tool.file("broken.ics"), "--default-type", "Other", "--from", "2026-01-01", "--to", "2026-12-31")
        #expect(output.status != 0)
        #expect(output.stderr.contains("line 56"))
        #expect(try tool.json([EventRow].self, "list").count == 3)
    }

    @Test func anExportImportedIntoAnotherStoreListsTheSameEvents() throws {
        let tool = try Self.logged()
        try tool.ok("export", "--output", tool.file("backup.json"))
        let other = try TrendyProcess()
        try other.ok("import", tool.file("backup.json"))
        #expect(try other.json([EventRow].self, "list") == tool.json([EventRow].self, "list"))
        #expect(try other.json([TypeRow].self, "types", "list") == tool.json([TypeRow].self, "types", "list"))
    }

    @Test func statsCountPerDayOverTheGivenRange() throws {
        let tool = try Self.logged()
        let stats = try tool.json(Stats.self, "stats", "--from", "2026-03-01", "--to", "2026-03-03")
        #expect(stats.types.map(\.type) == ["Gym", "Water"])
        #expect(stats.types.map(\.counts) == [[0, 1, 0], [0, 1, 1]])
        #expect(stats.types.map(\.longestStreak) == [1, 2])
    }

    @Test func statsDrawASparklinePerType() throws {
        let tool = try Self.logged()
        let output = try tool.ok("stats", "--from", "2026-03-01", "--to", "2026-03-03")
        #expect(output.contains("Water") && output.contains(" ██"))
        #expect(output.contains("Time of day"))
    }

    @Test func demoFillsAFreshStoreOnceAndShowsCharts() throws {
        let tool = try TrendyProcess()
        let first = try tool.ok("demo")
        #expect(first.contains("Added 4 event types"))
        #expect(first.contains("Meditation"))
        #expect(first.contains("█"))
        let count = try tool.json([EventRow].self, "list").count
        #expect(count > 100)
        #expect(try tool.ok("demo").contains("nothing was added"))
        #expect(try tool.json([EventRow].self, "list").count == count)
    }

    @Test func aDamagedStoreIsMovedAsideAndTheToolSaysWhere() throws {
        let tool = try TrendyProcess()
        let garbage = try tool.damageByCuttingInHalf()
        let output = try tool.run("types", "add", "Water")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("was moved, not deleted, to \(tool.store).damaged-"))
        let moved = try FileManager.default.contentsOfDirectory(atPath: tool.directory.path).filter { $0.hasPrefix("events.store.damaged-") }
        #expect(moved.count == 1)
        #expect(FileManager.default.contents(atPath: tool.file(moved.first ?? "")) == garbage)
        #expect(try tool.json([TypeRow].self, "types", "list").map(\.name) == ["Water"])
    }
}

/// A file that is no database at all, named as the store, is refused and left where it is.
@Suite struct ForeignFileTests {
    @Test func aTextFileAsTheStoreIsRefusedAndNotMovedAside() throws {
        let tool = try TrendyProcess()
        let text = Data("root:x:0:0:root:/root:/bin/bash\n".utf8)
        try text.write(to: URL(fileURLWithPath: tool.store))
        let output = try tool.run("types", "add", "Water")
        #expect(output.status != 0)
        #expect(output.stderr.contains("is not a Trendy store (it is not a database), so trendy left it as it is"), "\(output.stderr)")
        #expect(FileManager.default.contents(atPath: tool.store) == text)
        let moved = try FileManager.default.contentsOfDirectory(atPath: tool.directory.path).filter { $0.contains(".damaged-") }
        #expect(moved.isEmpty, "\(moved)")
    }
}

/// Refused commands leave no trace, not even a new store.
@Suite struct RefusedCommandTests {
    @Test func anotherAppsJSONExportGivenAsACalendarIsNamedAsOne() throws {
        let tool = try TrendyProcess()
        try #"{"exportVersion": 1, "exportDate": "2026-03-01T00:00:00Z", "cards": []}"#
            .write(toFile: tool.file("wallet.ics"), atomically: true, encoding: .utf8)
        let output = try tool.run("import-ics", tool.file("wallet.ics"), "--default-type", "Other")
        #expect(output.status != 0)
        #expect(output.stderr.contains("it is a CouponTracker export (a JSON file), not a calendar file: "
                                       + "import it with `coupontracker import FILE`"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func aMalformedCalendarFileDoesNotCreateAStore() throws {
        let tool = try TrendyProcess()
        try "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260301T0900\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(toFile: tool.file("bad.ics"), atomically: true, encoding: .utf8)
        let output = try tool.run("import-ics", tool.file("bad.ics"), "--default-type", "Other")
        #expect(output.status != 0)
        #expect(output.stderr.contains("line 4"))
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func aFileThatIsNotAnExportDoesNotCreateAStore() throws {
        let tool = try TrendyProcess()
        try "not json".write(toFile: tool.file("bad.json"), atomically: true, encoding: .utf8)
        let output = try tool.run("import", tool.file("bad.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("not valid JSON"))
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func anEmptyEventIdIsRefusedSayingWhatToGive() throws {
        let tool = try CommandLineTests.logged()
        let output = try tool.run("delete", "")
        #expect(output.status != 0)
        #expect(output.stderr.contains("Give the id of an event"))
        #expect(try tool.json([CommandLineTests.EventRow].self, "list").count == 3)
    }
}
