import CommandLineTestSupport
import Foundation
import SwiftData
import Testing
import Trendy

/// What a hostile pass over trendy found: dates are real days within the years Trendy
/// keeps, contradicting flags are refused, and what an import leaves out or puts where
/// the user did not look is said.
@Suite("trendy under hostile input")
struct HostileInputTests {
    /// A store with the type Water and one event, in UTC.
    static func logged() throws -> TrendyProcess {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("log", "Water", "--at", "2026-03-02 08:00")
        return tool
    }

    func expectRefused(_ tool: TrendyProcess, _ arguments: [String], says words: String) throws {
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let input = BadInput(words, arguments, says: words)
        #expect(try Refusal.problems(running: trendy, arguments + ["--store", tool.store], for: input, store: tool.store) == [])
    }

    struct Row: Decodable { let id: String }

    @Test func aYearOutsideTheKeptRangeIsRefused() throws {
        let tool = try Self.logged()
        try expectRefused(tool, ["log", "Water", "--at", "1066-10-14 09:00"], says: "from 1900 to 2199")
        try expectRefused(tool, ["list", "--from", "9999-01-01"], says: "from 1900 to 2199")
    }

    @Test func aBackupWithADayThatDoesNotExistIsRefusedNotRolledOver() throws {
        let tool = try Self.logged()
        try tool.ok("export", "--output", tool.file("backup.json"))
        let text = try String(contentsOfFile: tool.file("backup.json"), encoding: .utf8)
        let rolled = text.replacingOccurrences(of: "2026-03-02T08:00:00.000Z", with: "2026-02-30T08:00:00.000Z")
        #expect(rolled != text)
        try rolled.write(toFile: tool.file("rolled.json"), atomically: true, encoding: .utf8)
        let other = try TrendyProcess()
        let output = try other.run("import", tool.file("rolled.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("2026-02-30"), "\(output.stderr)")
        #expect(InternalWords.found(in: output.stderr).isEmpty, "\(output.stderr)")
    }

    @Test func aBlankTypeNameIsAskedForNotOfferedToBeAdded() throws {
        let tool = try Self.logged()
        try expectRefused(tool, ["log", "  "], says: "Give the name of an event type")
    }

    @Test func anUnknownTypeWithASpaceIsOfferedAsOneQuotedShellWord() throws {
        let tool = try Self.logged()
        try expectRefused(tool, ["log", "My Coffee"], says: "`trendy types add 'My Coffee'`")
    }

    @Test func allDayAndNotAllDayTogetherAreRefused() throws {
        let tool = try Self.logged()
        let event = try #require(try tool.json([Row].self, "list").first?.id)
        try expectRefused(tool, ["edit", event, "--all-day", "--no-all-day"], says: "not both")
    }

    @Test func importICSSaysHowManyEventsFallOutsideTheRange() throws {
        let tool = try Self.logged()
        let calendar = ICSText.calendar(ICSText.event(uid: "old@test", ["DTSTART:20200105T090000Z"], summary: "Old")
                                        + ICSText.event(uid: "new@test", ["DTSTART:20260105T090000Z"], summary: "New"))
        try calendar.write(toFile: tool.file("two.ics"), atomically: true, encoding: .utf8)
        let output = try tool.run("import-ics", tool.file("two.ics"), "--default-type", "Water", "--from", "2026-01-01", "--to", "2026-12-31")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("1 event of the file is outside 2026-01-01 to 2026-12-31"), "\(output.stdout)")
    }

    @Test func savingOneEventSaysEvent() throws {
        let tool = try Self.logged()
        let calendar = ICSText.calendar(ICSText.event(uid: "one@test", ["DTSTART:20260105T090000Z"], summary: "One"))
        try calendar.write(toFile: tool.file("one.ics"), atomically: true, encoding: .utf8)
        let output = try tool.run("import-ics", tool.file("one.ics"), "--default-type", "Water", "--from", "2026-01-01", "--to", "2026-12-31")
        #expect(output.stdout.contains("Imported 1 event"), "\(output.stdout)")
        #expect(output.stderr.contains("Saved 1 event."), "\(output.stderr)")
    }

    @Test func theStoreOptionBeforeTheCommandIsTaken() throws {
        let tool = try Self.logged()
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let output = try trendy.run(["--store", tool.store, "list", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try JSONDecoder().decode([Row].self, from: Data(output.stdout.utf8)).count == 1)
        let typed = try trendy.run(["--store", tool.store, "types", "list"])
        #expect(typed.stdout.contains("Water"), "\(typed.stdout) \(typed.stderr)")
    }

    @Test func anEmptyFileAtTheStorePathIsRefusedNotMovedAside() throws {
        let tool = try TrendyProcess()
        #expect(FileManager.default.createFile(atPath: tool.store, contents: Data()))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: tool.store)
        let output = try tool.run("types", "add", "Water")
        #expect(output.status != 0)
        #expect(output.stderr.contains("is an empty file, not a Trendy store"), "\(output.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: tool.store)[.size] as? Int == 0)
        let aside = try FileManager.default.contentsOfDirectory(atPath: tool.directory.path).filter { $0.contains("damaged") }
        #expect(aside.isEmpty)
    }

    @Test func anExportOntoTheStoreItselfIsRefusedAndTheStoreIsKept() throws {
        let tool = try Self.logged()
        try expectRefused(tool, ["export", "--output", tool.store], says: "would replace the store")
        try expectRefused(tool, ["export", "--output", tool.store + "-wal"], says: "would replace the store")
        #expect(try tool.ok("list").contains("Water"))
    }

    @Test func importsOfAFolderAFIFOOrADeviceAreRefusedInWords() throws {
        let tool = try Self.logged()
        let folder = tool.file("folder.json")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fifo = tool.file("pipe")
        #expect(OutputTarget.makeFIFO(at: fifo))
        for command in ["import", "import-ics"] {
            let rule = command == "import" ? [] : ["--default-type", "Water"]
            try expectRefused(tool, [command, folder] + rule, says: "is a folder, not")
            try expectRefused(tool, [command, fifo] + rule, says: "is a pipe (FIFO), not")
            try expectRefused(tool, [command, "/dev/null"] + rule, says: "is a device, not")
        }
    }

    @Test func anEventIDThatIsNotAnIDIsNamedInWords() throws {
        let tool = try Self.logged()
        try tool.ok("export", "--output", tool.file("backup.json"))
        let text = try String(contentsOfFile: tool.file("backup.json"), encoding: .utf8)
        let id = try #require(text.range(of: #""id" : "[0-9A-F-]{36}""#, options: .regularExpression).map { String(text[$0]) })
        try text.replacingOccurrences(of: id, with: #""id" : "nope""#).write(toFile: tool.file("bad.json"), atomically: true, encoding: .utf8)
        let other = try TrendyProcess()
        let output = try other.run("import", tool.file("bad.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("is not an ID"), "\(output.stderr)")
        #expect(!output.stderr.contains("Attempted") && !output.stderr.contains("UUID"), "\(output.stderr)")
    }

    @Test func importedTextOverFourThousandCharactersIsRefusedNamingWhere() throws {
        let tool = try Self.logged()
        try tool.ok("export", "--output", tool.file("backup.json"))
        let text = try String(contentsOfFile: tool.file("backup.json"), encoding: .utf8)
        try text.replacingOccurrences(of: "\"Water\"", with: "\"\(String(repeating: "W", count: 1_000_000))\"")
            .write(toFile: tool.file("long.json"), atomically: true, encoding: .utf8)
        let other = try TrendyProcess()
        let output = try other.run("import", tool.file("long.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("eventTypes → item 1 → name is 1000000 characters long"), "\(output.stderr.prefix(500))")
        let ics = ICSText.calendar(ICSText.event(uid: "u1", ["DTSTART:20260302T080000Z"], summary: String(repeating: "S", count: 1_000_000)))
        try ics.write(toFile: tool.file("long.ics"), atomically: true, encoding: .utf8)
        try expectRefused(tool, ["import-ics", tool.file("long.ics"), "--default-type", "Water", "--from", "2026-01-01", "--to", "2026-12-31"],
                          says: "the SUMMARY is 1000000 characters long")
    }

    @Test func aNegativeLimitIsRefusedByItsRangeNotTakenForAnOption() throws {
        let tool = try Self.logged()
        try expectRefused(tool, ["list", "--limit", "-5"], says: "--limit must be at least 1")
    }

    @Test func aWriteToAStoreWithADamagedPageSaysNothingWasChangedOnce() throws {
        let tool = try TrendyProcess()
        do {
            let context = ModelContext(try TrendyStore.container(at: URL(fileURLWithPath: tool.store)))
            let water = EventType(name: "Water")
            for offset in 0..<1_500 {
                context.insert(Event(timestamp: Fixtures.time(Double(offset)), eventType: water, notes: String(repeating: "n", count: 80)))
            }
            try context.save()
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: tool.store))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0x13, count: 16_384))
        try handle.close()
        let output = try tool.run("log", "Water", "--at", "2026-03-02 08:00")
        #expect(output.status != 0)
        #expect(output.stderr.components(separatedBy: "othing was changed").count == 2, "\(output.stderr)")
    }
}

/// `import-ics` of a rule that repeats past the most one event may have.
@Suite("trendy import-ics of an endless rule")
struct EndlessRuleImportTests {
    @Test func theRepeatsLeftOutAreCountedWithTheFromThatImportsThem() throws {
        let tool = try HostileInputTests.logged()
        let calendar = ICSText.calendar(ICSText.event(uid: "daily@test", ["DTSTART:19000101T090000Z", "RRULE:FREQ=DAILY"], summary: "Pill"))
        try calendar.write(toFile: tool.file("daily.ics"), atomically: true, encoding: .utf8)
        let output = try tool.run("import-ics", tool.file("daily.ics"), "--default-type", "Water", "--from", "1900-01-01", "--to", "2199-12-31")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Imported 5000 events"), "\(output.stdout)")
        #expect(output.stdout.contains("104573 repeats of Pill from 1913-09-10 09:00 on were left out"), "\(output.stdout)")
        #expect(output.stdout.contains("--from 1913-09-10"), "\(output.stdout)")
    }
}

/// `import-ics` of a file folded as RFC 5545 says, at 75 octets.
@Suite("trendy import-ics of octet-folded lines")
struct OctetFoldedImportTests {
    @Test func aSummaryFoldedInsideACharacterIsImportedWhole() throws {
        let tool = try HostileInputTests.logged()
        try OctetFoldingTests.foldedInsideACharacter.write(to: URL(fileURLWithPath: tool.file("folded.ics")))
        let output = try tool.run("import-ics", tool.file("folded.ics"), "--default-type", "Water", "--from", "2026-01-01", "--to", "2026-12-31")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try tool.ok("list").contains("Café"))
    }
}
