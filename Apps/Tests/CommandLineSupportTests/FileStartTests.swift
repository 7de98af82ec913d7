import CommandLineSupport
import CommandLineTestSupport
import Foundation
import JSONText
import Testing

/// A text file that is not the one a command reads (a log, another program's file) is
/// refused for what its first part says, as the whole file would be, without being read whole.
@Suite struct FileStartTests {
    struct Refused: Error {}

    /// `start` and then a hole up to 1,000 MB: a sparse file, under the 1 GB bound, whose
    /// reading whole would take a gigabyte of memory.
    static func file(in folder: String, named name: String, starting start: String) throws -> String {
        let path = folder + "/" + name
        try Data(start.utf8).write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 1_000 << 20)
        try handle.close()
        return path
    }

    static let log = (0..<2_000).map { "2026-01-01 08:00:\(String(format: "%02d", $0 % 60)) INFO job \($0) done\n" }.joined()

    @Test func aFirstPartCheckRefusesALargeFileBeforeTheRestIsReadAndIsNotAskedOfASmallOne() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let large = try Self.file(in: folder, named: "large.json", starting: Self.log)
        var seen = 0
        #expect(throws: Refused.self) {
            _ = try InputFile.read(large, what: "export file") { start in
                seen = start.count
                throw Refused()
            }
        }
        #expect(seen == 1 << 16)
        let small = folder + "/small.json"
        try Data(Self.log.prefix(1_000).utf8).write(to: URL(fileURLWithPath: small))
        let data = try InputFile.read(small, what: "export file") { _ in throw Refused() }
        #expect(data.count == 1_000)
    }

    @Test func aJSONStartIsSaidToHoldAProblemOnlyWhereTheRestCannotMend() {
        let cut = Data(("{\"events\": [\n" + String(repeating: "  {\"note\": \"a long note\", \"value\": 12345},\n", count: 2_000)).utf8)
        #expect(!TextStart.jsonHasProblem(cut), "a valid export cut anywhere")
        #expect(!TextStart.jsonHasProblem(cut + Data("  {\"note\": \"half".utf8)))
        #expect(!TextStart.jsonHasProblem(cut + Data("  {\"n\": tr".utf8)))
        #expect(!TextStart.jsonHasProblem(cut + Data("  {\"n\": \"\\uD83D".utf8)))
        #expect(TextStart.jsonHasProblem(Data(Self.log.utf8)), "a log")
        #expect(TextStart.jsonHasProblem(Data(String(repeating: "{\"level\": \"info\"}\n", count: 100).utf8)), "JSON lines")
    }

    @Test func aQuotedCSVHeaderIsAWholeRecordWhenItsQuotesArePaired() {
        #expect(TextStart.firstCSVRecord(Data("\"Date\",\"Amount\"\n1,2\n".utf8)) == Data("\"Date\",\"Amount\"".utf8))
        #expect(TextStart.firstCSVRecord(Data("\"Note\nwith a break\",x\n".utf8)) == nil)
    }

    static let bankCSV = "\"Date\",\"Description\",\"Amount\"\n"
        + (0..<3_000).map { "\"2026-01-\(String(format: "%02d", $0 % 28 + 1))\",\"Shop \($0)\",\"-12.50\"\n" }.joined()

    @Test(arguments: [["cardshow", "import", "FILE", "--format", "csv"], ["assetflow", "import", "2026-01-01", "FILE"]])
    func anotherProgramsCSVWithAQuotedHeaderIsRefusedForItsHeaderWithoutBeingReadWhole(_ command: [String]) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder, named: "bank.csv", starting: Self.bankCSV)
        let process = ToolProcess(command[0], environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let output = try process.runScript("ulimit -v 600000; exec \"$@\"", arguments: [try #require(process.executable).path]
                                           + command.dropFirst().map { $0 == "FILE" ? path : $0 } + ["--store", folder + "/s.store"])
        #expect(output.status == 1, "\(command): \(output.stderr)")
        #expect(output.stderr.contains("header") || output.stderr.contains("first line"), "\(command): \(output.stderr)")
        #expect(!output.stderr.contains("memory"), "\(command): \(output.stderr)")
    }

    static let imports: [(command: [String], says: String)] = [
        (["trendy", "import", "FILE"], "it is not valid JSON at line 1"),
        (["trendy", "import-ics", "FILE", "--default-type", "W"], "is not a calendar property"),
        (["coupontracker", "import", "FILE"], "is not valid JSON at line 1"),
        (["coupontracker", "templates", "--templates", "FILE"], "is not valid JSON at line 1"),
        (["cardshow", "import", "FILE", "--format", "json"], "this is not valid JSON"),
        (["cardshow", "import", "FILE", "--format", "csv"], "the header has no \"Name\""),
        (["assetflow", "import", "2026-01-01", "FILE"], "The first line must be asset,platform,currency,value"),
        (["getdiced", "deck", "import", "FILE"], "Malformed deck list, line 1"),
    ]

    /// Under a memory limit of 600 MB, which a file of 1,000 MB read whole does not fit.
    @Test(arguments: imports.indices)
    func eachImportRefusesALogForItsFirstLinesWithoutReadingItWhole(_ index: Int) throws {
        let (command, says) = Self.imports[index]
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder, named: "job.log", starting: Self.log)
        let process = ToolProcess(command[0], environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let executable = try #require(process.executable).path
        let store = command[0] == "getdiced" ? ["--db", folder + "/g.db"] : ["--store", folder + "/s.store"]
        let output = try process.runScript("ulimit -v 600000; exec \"$@\"",
                                           arguments: [executable] + command.dropFirst().map { $0 == "FILE" ? path : $0 } + store)
        #expect(output.status == 1, "\(command): \(output.stderr)")
        #expect(output.stderr.contains(says), "\(command): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.store"), "\(command)")
    }

    @Test func aFileThatDoesNotFitInTheMemoryAllowedIsRefusedInWordsNotWithATrap() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An export's start, valid as far as it goes, so that only its size stops it.
        let start = "{\"version\": 1, \"eventTypes\": [], \"events\": [\n"
            + String(repeating: "  {\"id\": \"5F0B1C2D-0000-4000-8000-000000000000\", \"note\": \"\"},\n", count: 2_000)
        let path = try Self.file(in: folder, named: "e.json", starting: start)
        let process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let output = try process.runScript("ulimit -v 600000; exec \"$@\"",
                                           arguments: [try #require(process.executable).path, "import", path, "--store", folder + "/s.store"])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("it is 1,000 MB, and this process may not take that much more memory"), "\(output.stderr)")
        #expect(output.stderr.contains("Nothing was changed."), "\(output.stderr)")
    }

    /// The start of a Trendy export, valid JSON to well past the first 64 KB.
    static let trendyExportStart = "{\n  \"eventTypes\" : [\n    {\"colorHex\" : \"#34C759\", \"iconName\" : \"drop\", "
        + "\"id\" : \"412C2807-56A7-47CD-A4F7-29A18FA8C0CD\", \"name\" : \"Water\"}\n  ],\n  \"events\" : [\n"
        + String(repeating: "    {\"id\" : \"2F19249C-5B2B-40F7-A3BA-4617DF0C9C68\", \"isAllDay\" : false, "
                 + "\"timestamp\" : \"2026-11-04T08:15:00.000Z\", \"typeID\" : \"412C2807-56A7-47CD-A4F7-29A18FA8C0CD\"},\n", count: 1_000)

    static let textImports: [[String]] = [
        ["cardshow", "import", "FILE", "--format", "csv"],
        ["assetflow", "import", "2026-01-01", "FILE"],
        ["trendy", "import-ics", "FILE", "--default-type", "W"],
        ["getdiced", "deck", "import", "FILE"],
    ]

    /// Under a memory limit of 600 MB, which a file of 1,000 MB read whole does not fit.
    @Test(arguments: textImports)
    func eachTextImportRefusesAJSONFileForItsFirstKeysWithoutReadingItWhole(_ command: [String]) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(in: folder, named: "events.json", starting: Self.trendyExportStart)
        let process = ToolProcess(command[0], environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let store = command[0] == "getdiced" ? ["--db", folder + "/g.db"] : ["--store", folder + "/s.store"]
        let output = try process.runScript("ulimit -v 600000; exec \"$@\"", arguments: [try #require(process.executable).path]
                                           + command.dropFirst().map { $0 == "FILE" ? path : $0 } + store)
        #expect(output.status == 1, "\(command): \(output.stderr)")
        #expect(output.stderr.contains("it is a Trendy export (a JSON file)"), "\(command): \(output.stderr)")
        #expect(output.stderr.contains("`trendy import FILE`"), "\(command): \(output.stderr)")
        #expect(!output.stderr.contains("memory"), "\(command): \(output.stderr)")
    }

    @Test func aJSONStartWhoseFirstKeyBeginsSeveralAppsFilesNamesEachWithItsCommand() {
        let start = Data(("{\n  \"cards\" : [\n" + String(repeating: "    {\"name\" : \"Charizard\"},\n", count: 100)).utf8)
        let words = ForeignFile.jsonStartMismatch(start, expected: "a CardShow Pro CSV export")
        #expect(words == "it is a JSON file, not a CardShow Pro CSV export: it begins as a CardShow Pro export, a CouponTracker "
                + "export or a CouponTracker card-template file does, and each is read by its own command "
                + "(`cardshow import FILE --format json`, `coupontracker import FILE`, `coupontracker --templates FILE`)")
    }

    @Test func aJSONStartOfNoAppsFileOrBrokenIsSaidToLookLikeJSON() {
        let records = Data(("[\n" + String(repeating: "  {\"level\" : \"info\"},\n", count: 100)).utf8)
        #expect(ForeignFile.jsonStartMismatch(records, expected: "a calendar file", form: "it begins with BEGIN:VCALENDAR")
                == "it looks like a JSON file (it begins with \"[\"), not a calendar file: it begins with BEGIN:VCALENDAR")
        let bracketedLog = Data(String(repeating: "[2026-01-01 08:00] INFO job done\n", count: 100).utf8)
        #expect(ForeignFile.jsonStartMismatch(bracketedLog, expected: "a Get Diced deck list")
                == "it looks like a JSON file (it begins with \"[\"), not a Get Diced deck list")
        #expect(ForeignFile.jsonStartMismatch(Data(Self.log.utf8), expected: "a Get Diced deck list") == nil)
    }
}

