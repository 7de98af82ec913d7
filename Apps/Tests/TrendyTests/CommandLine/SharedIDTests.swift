import CommandLineTestSupport
import Foundation
import GRDB
import Testing

/// Two events (or two types) another program stored with one id: no command could tell them
/// apart (`trendy delete` asked for more characters of an id it had whole), and the export,
/// rightly refused, advised `trendy types rename`. `trendy edit ID --new-id` gives each but
/// the earliest its own id; `trendy types edit NAME --new-id` gives a type its own.
@Suite struct SharedIDTests {
    struct EventRow: Decodable { let id: String; let time: String? }

    /// A store with two events, at 08:00 and 09:00 on 1 March 2026, that another program gave one id.
    static func twoEventsOfOneID() throws -> (tool: TrendyProcess, id: String) {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("log", "Water", "--at", "2026-03-01 08:00")
        try tool.ok("log", "Water", "--at", "2026-03-01 09:00")
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: "UPDATE Event SET id = (SELECT min(id) FROM Event)") }
        try queue.close()
        let ids = Set(try tool.json([EventRow].self, "list").map(\.id))
        #expect(ids.count == 1, "\(ids)")
        return (tool, String(try #require(ids.first).prefix(8)).lowercased())
    }

    @Test func deletingAnIdTwoEventsHoldIsRefusedNamingBothTimesAndHowToTellThemApart() throws {
        let (tool, id) = try Self.twoEventsOfOneID()
        let refused = try tool.run("delete", id)
        #expect(refused.status != 0, "\(refused.stdout)")
        // Before: "The id … begins 2 events' ids: give more of its characters", of a whole id.
        #expect(refused.stderr.contains("2 events hold the id \(id) (at 2026-03-01 08:00, 2026-03-01 09:00), as another program stored them"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("Give each its own id with `trendy edit \(id) --new-id`"), "\(refused.stderr)")
        #expect(try tool.json([EventRow].self, "list").count == 2)
    }

    @Test func editNewIdGivesTheLaterOfTwoEventsOfOneIdItsOwnAndTheEarlierKeepsIt() throws {
        let (tool, id) = try Self.twoEventsOfOneID()
        let output = try tool.run("edit", id, "--new-id")
        #expect(output.status == 0, "\(output.stderr)")
        let events = try tool.json([EventRow].self, "list")
        #expect(Set(events.map(\.id)).count == 2)
        let earlier = try #require(events.first { $0.time == "2026-03-01T08:00:00Z" })
        let later = try #require(events.first { $0.time == "2026-03-01T09:00:00Z" })
        #expect(earlier.id.lowercased().hasPrefix(id))
        #expect(output.stdout.contains("The event at 2026-03-01 08:00 keeps the id \(id)."), "\(output.stdout)")
        #expect(output.stdout.contains("The event at 2026-03-01 09:00 now has the id \(later.id.prefix(8).lowercased())."), "\(output.stdout)")
        try tool.ok("delete", String(later.id.prefix(8)))
        #expect(try tool.json([EventRow].self, "list").map(\.id) == [earlier.id])
    }

    @Test func editNewIdWithOtherChangesOfAnIdTwoEventsHoldIsRefused() throws {
        let (tool, id) = try Self.twoEventsOfOneID()
        let refused = try tool.run("edit", id, "--new-id", "--note", "which one?")
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("`trendy edit \(id) --new-id` alone"), "\(refused.stderr)")
        #expect(Set(try tool.json([EventRow].self, "list").map(\.id)).count == 1)
    }

    @Test func editNewIdWithOtherChangesSaysWhatToDoOnALineOfItsOwn() throws {
        let (tool, id) = try Self.twoEventsOfOneID()
        let refused = try tool.run("edit", id, "--new-id", "--note", "which one?")
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(refused.stderr)")
        #expect(lines.first?.hasSuffix("Nothing was changed.") == true, "\(refused.stderr)")
        #expect(lines.last == "Give them their own ids with `trendy edit \(id) --new-id` alone, then change the one you mean by its new id.",
                "\(refused.stderr)")
    }

    @Test func anExportOfTwoEventsOfOneIdIsRefusedNamingTheMendAndWrittenOnceItIsMade() throws {
        let (tool, id) = try Self.twoEventsOfOneID()
        let backup = tool.file("backup.json")
        let refused = try tool.run("export", "--output", backup)
        #expect(refused.status != 0, "\(refused.stdout)")
        // Before: "Put it right with `trendy types rename` or `trendy types delete`", which cannot.
        #expect(refused.stderr.contains("2 events have the id \(id)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Give each its own id with `trendy edit \(id) --new-id`"), "\(refused.stderr)")
        try tool.ok("edit", id, "--new-id")
        try tool.ok("export", "--output", backup)
        let fresh = try TrendyProcess()
        try fresh.ok("import", backup)
        #expect(try fresh.json([EventRow].self, "list").count == 2)
    }

    /// Each type showed the events of both: Water's one and Tea's two listed, counted and charted
    /// as 3 for each, and `list --type Water` listed Tea's events.
    @Test func twoTypesOfOneIdAreListedCountedAndChartedEachWithItsOwnEvents() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("types", "add", "Tea")
        try tool.ok("log", "Water", "--at", "2026-03-01 08:00")
        try tool.ok("log", "Tea", "--at", "2026-03-01 09:00")
        try tool.ok("log", "Tea", "--at", "2026-03-02 09:00")
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: "UPDATE EventType SET id = (SELECT min(id) FROM EventType)") }
        try queue.close()
        struct TypeRow: Decodable { let name: String; let events: Int }
        let counts = Dictionary(uniqueKeysWithValues: try tool.json([TypeRow].self, "types", "list").map { ($0.name, $0.events) })
        #expect(counts == ["Water": 1, "Tea": 2])
        #expect(try tool.json([EventRow].self, "list", "--type", "Water").map(\.time) == ["2026-03-01T08:00:00Z"])
        let stats = try tool.run("stats", "--from", "2026-03-01", "--to", "2026-03-02")
        #expect(stats.stdout.contains("09:00  ██████████████████████████████ 2"), "\(stats.stdout)")
        #expect(stats.stdout.contains("08:00  ███████████████ 1"), "\(stats.stdout)")
    }

    @Test func anExportOfTwoTypesOfOneIdIsRefusedAndTypesEditNewIdMendsIt() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("types", "add", "Tea")
        try tool.ok("log", "Tea", "--at", "2026-03-01 08:00")
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: "UPDATE EventType SET id = (SELECT min(id) FROM EventType)") }
        try queue.close()
        let backup = tool.file("backup.json")
        let refused = try tool.run("export", "--output", backup)
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("two event types have the id"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`trendy types edit Water --new-id`"), "\(refused.stderr)")
        try tool.ok("types", "edit", "Water", "--new-id")
        try tool.ok("export", "--output", backup)
        let fresh = try TrendyProcess()
        try fresh.ok("import", backup)
        struct TypeRow: Decodable { let name: String; let events: Int }
        #expect(try fresh.json([TypeRow].self, "types", "list").map { "\($0.name) \($0.events)" } == ["Tea 1", "Water 0"])
    }
}
