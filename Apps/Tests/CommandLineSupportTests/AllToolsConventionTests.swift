import CommandLineTestSupport
@testable import CommandLineSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// What every one of the five tools does alike, run as a user's shell runs them: the
/// conventions of `CommandLineSupport`, checked on each tool rather than on one.
@Suite("The five tools' shared conventions")
struct AllToolsConventionTests {
    static let tools = ["cardshow", "assetflow", "coupontracker", "trendy", "getdiced"]

    /// A command of `tool` that stores `name` (a shell word), with its store in `folder`.
    static func storing(_ name: String, tool: String, folder: String) -> String {
        switch tool {
        case "cardshow": "card add --name \(name) --set S --number 1 --value 1 --store '\(folder)/s.store'"
        case "assetflow": "category add \(name) --store '\(folder)/s.store'"
        case "coupontracker": "add --custom \(name) --store '\(folder)/s.store'"
        case "trendy": "types add \(name) --store '\(folder)/s.store'"
        default: "folder create \(name) --db '\(folder)/s.store'"
        }
    }

    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("AllTools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test(arguments: tools) func anArgumentThatIsNotUTF8IsRefusedNotStoredWithAReplacementCharacter(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let output = try process.runShell(Self.storing("\"$(printf 'caf\\351')\"", tool: tool, folder: folder))
        #expect(output.status != 0)
        #expect(output.stderr.contains("\"caf\\xE9\" is not UTF-8 text"), "\(tool): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.store"), "\(tool) made its store")
        let fine = try process.runShell(Self.storing("'café'", tool: tool, folder: folder))
        #expect(!fine.stderr.contains("UTF-8"), "\(tool): \(fine.stderr)")
    }

    /// An accent alone, a zero-width no-break space and a joiner: names a listing shows as
    /// nothing, which no one could read or type again (`NameText.showsSomething`). getdiced
    /// makes no database without a catalog: its own tests cover it (`FolderServiceTests`).
    @Test(arguments: tools.filter { $0 != "getdiced" }, ["\\314\\201", "\\357\\273\\277", "\\342\\200\\215"])
    func aNameThatShowsNothingIsRefusedAndNothingIsStored(_ tool: String, bytes: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let output = try process.runShell(Self.storing("\"$(printf '\(bytes)')\"", tool: tool, folder: folder))
        #expect(output.status != 0, "\(tool) took it: \(output.stdout)")
        #expect(output.stderr.lowercased().contains("name"), "\(tool): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.store"), "\(tool) made its store")
    }

    @Test(arguments: tools) func aLineBreakInTheStorePathIsShownEscapedInMessages(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let odd = folder + "/a\nb"
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: odd + "/s.store", contents: Data("not a store".utf8)))
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let output = try process.run(Self.listing(tool, folder: odd).list.filter { $0 != "--json" })
        #expect(output.status != 0)
        #expect(output.stderr.contains("a\\u{A}b/s.store"), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains("a\nb"), "\(tool): \(output.stderr)")
    }

    @Test(arguments: tools) func anUnknownTimeZoneIsNamedOnceAndTimesAreUTC(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "Mars/Olympus"])
        let output = try process.run(["--version"])
        #expect(output.status == 0, "\(tool): \(output.stderr)")
        let warning = "TZ is \"Mars/Olympus\", which is not a time zone \(tool) knows, so times are read and shown in UTC."
        #expect(output.stderr.components(separatedBy: warning).count == 2, "\(tool): \(output.stderr)")
    }

    /// Issue 33's twenty-second pass: `OPENSWIFTDATA_LOG=verbose` (a level no logger has, or a
    /// misspelling) left the engine's log off without a word, as the server's `LOG_LEVEL` did.
    @Test(arguments: tools) func anEngineLogLevelTheToolDoesNotKnowIsWarnedOfNamingTheLevels(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC", "OPENSWIFTDATA_LOG": "verbose"])
            .run(["--version"])
        #expect(output.status == 0, "\(tool): \(output.stderr)")
        let warning = "Warning: OPENSWIFTDATA_LOG is \"verbose\", which is not a level \(tool) knows, so the engine's log stays off. "
            + "The levels are trace, debug, info, notice, warning, error, critical."
        #expect(output.stderr.components(separatedBy: warning).count == 2, "\(tool): \(output.stderr)")
        for known in ["WARNING", "error", ""] {
            let quiet = try ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC", "OPENSWIFTDATA_LOG": known])
                .run(["--version"])
            #expect(!quiet.stderr.contains("OPENSWIFTDATA_LOG"), "\(tool) \(known): \(quiet.stderr)")
        }
    }

    /// Issue 33's twenty-second pass: `TZ=$'Europe/Par\xe9'` (and `OPENSWIFTDATA_LOG`) was warned
    /// of as "Europe/Par�", the byte the user set hidden behind a replacement character.
    @Test(arguments: tools) func aVariableThatIsNotUTF8IsWarnedOfShowingItsBytesAsAnArgumentsAre(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder])
        let executable = try #require(process.executable)
        let output = try process.runScript("TZ=\"$(printf 'Europe/Par\\351')\" OPENSWIFTDATA_LOG=\"$(printf 'deb\\351')\" exec \"$1\" --version",
                                           arguments: [executable.path])
        #expect(output.status == 0, "\(tool): \(output.stderr)")
        #expect(output.stderr.contains("TZ is \"Europe/Par\\xE9\", which is not a time zone"), "\(tool): \(output.stderr)")
        #expect(output.stderr.contains("OPENSWIFTDATA_LOG is \"deb\\xE9\", which is not a level"), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains("\u{FFFD}"), "\(tool): \(output.stderr)")
    }

    @Test(arguments: tools.filter { $0 != "getdiced" }) func aListingOfAnEmptyFileJustMadeLeavesItEmpty(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/s.store", contents: Data()))
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let output = try process.run(Self.listing(tool, folder: folder).list.filter { $0 != "--json" })
        #expect(output.status != 0)
        #expect(output.stderr.contains("is an empty file"), "\(tool): \(output.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: folder + "/s.store")[.size] as? Int == 0, "\(tool) wrote to it")
    }

    @Test(arguments: tools) func aPipeAsTheStoreIsRefusedAsNotAStoreFile(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/s.store", 0o600) == 0)
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let output = try process.run(Self.listing(tool, folder: folder).list.filter { $0 != "--json" })
        #expect(output.status != 0)
        #expect(output.stderr.contains("is a pipe (FIFO), not a"), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains("empty file") && !output.stderr.contains("I/O"), "\(tool): \(output.stderr)")
    }

    @Test(arguments: tools) func aDeviceAsTheStoreIsNeverCalledAnEmptyFileToDelete(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let (setup, _) = Self.listing(tool, folder: folder)
        let writing = tool == "getdiced" ? ["--db", "/dev/null", "folder", "create", "Mine"]
            : setup.map { $0 == folder + "/s.store" ? "/dev/null" : $0 }
        let output = try process.run(writing)
        #expect(output.status != 0)
        #expect(output.stderr.contains("/dev/null is a device, not a"), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains("delete"), "\(tool): \(output.stderr)")
    }

    /// getdiced's own test is `NameControlCharacterTests` (a name needs a database to go in).
    @Test(arguments: tools.filter { $0 != "getdiced" }, ["\t", "\n"])
    func aTabOrLineBreakInANameIsRefusedNamingIt(_ tool: String, _ character: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let name = "A" + character + "B", store = folder + "/s.store"
        let arguments = switch tool {
        case "cardshow": ["card", "add", "--name", name, "--set", "S", "--number", "1", "--value", "1", "--store", store]
        case "assetflow": ["category", "add", name, "--store", store]
        case "coupontracker": ["add", "--custom", name, "--store", store]
        default: ["types", "add", name, "--store", store]
        }
        let output = try process.run(arguments)
        let words = character == "\t" ? "a tab (\\u{9})" : "a line break (\\u{A})"
        #expect(output.status != 0, "\(tool) took it")
        #expect(output.stderr.contains("has \(words) at character 2: names are one line"), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains(name), "\(tool) echoed the name raw: \(output.stderr)")
    }

    @Test(arguments: tools) func aFileUnderProcAsTheStoreIsNamedASpecialFileNotAnEmptyOne(_ tool: String) throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/status") else { return }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let list = Self.listing(tool, folder: folder).list.filter { $0 != "--json" }
            .map { $0 == folder + "/s.store" ? "/proc/self/status" : $0 }
        let output = try process.run(list)
        #expect(output.status != 0)
        #expect(output.stderr.contains("/proc/self/status is a special file of the system"), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains("empty file"), "\(tool): \(output.stderr)")
    }

    @Test(arguments: tools) func anOptionGivenTwiceWithDifferentValuesIsRefusedNamingBoth(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let option = tool == "getdiced" ? "--db" : "--store"
        let list = Self.listing(tool, folder: folder).list.filter { $0 != "--json" }
        let output = try process.run(list + [option, folder + "/other.store"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("\(option) is given twice, as \"\(folder)/s.store\" and as \"\(folder)/other.store\""),
                "\(tool): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/other.store"), "\(tool) made the second store")
    }

    @Test(arguments: tools) func anOptionGivenTwiceWithTheSameValueIsTaken(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let option = tool == "getdiced" ? "--db" : "--store"
        let (setup, _) = Self.listing(tool, folder: folder)
        let twice = tool == "getdiced" ? [option, folder + "/s.store", option, folder + "/s.store", "folder", "list"]
            : setup + [option, folder + "/s.store"]
        let output = try process.run(twice)
        #expect(!output.stderr.contains("given twice"), "\(tool): \(output.stderr)")
        #expect(output.status == 0 || tool == "getdiced", "\(tool): \(output.stderr)")
    }

    @Test func anOptionMeantToBeRepeatedIsTakenEachTime() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let store = folder + "/s.store"
        let added = try process.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--tag", "x", "--tag", "y", "--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try process.run(["card", "list", "--json", "--store", store])
        #expect(listed.stdout.contains("\"x\"") && listed.stdout.contains("\"y\""), "\(listed.stdout)")
    }

    /// A whole-number option of `tool`, given `value`.
    static func wholeNumberOption(_ tool: String, _ value: String, folder: String) -> [String] {
        let store = folder + "/s.store"
        switch tool {
        case "cardshow": return ["card", "list", "--limit", value, "--store", store]
        case "assetflow": return ["category", "add", "Stocks", "--order", value, "--store", store]
        case "coupontracker": return ["expiring", "--days", value, "--store", store]
        case "trendy": return ["list", "--limit", value, "--store", store]
        default: return ["search", "--limit", value, "--db", store]
        }
    }

    @Test(arguments: tools) func aWholeNumberOptionGivenWordsSaysItTakesAWholeNumber(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
            .run(Self.wholeNumberOption(tool, "ten", folder: folder))
        #expect(output.status != 0)
        #expect(output.stderr.contains("'ten' is invalid for") && output.stderr.contains("it is not a whole number: give digits only"),
                "\(tool): \(output.stderr)")
    }

    @Test(arguments: tools) func aWholeNumberTooLargeForAnyNumberIsSaidToBeTooLarge(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
            .run(Self.wholeNumberOption(tool, "99999999999999999999", folder: folder))
        #expect(output.status != 0)
        #expect(output.stderr.contains("it is too large a number"), "\(tool): \(output.stderr)")
    }

    /// The top of each app's JSON export, as its `export` writes it.
    static let exports = [
        "cardshow": #"{"exportDate": "2026-01-13T00:00:00Z", "version": "1.0", "cards": []}"#,
        "coupontracker": #"{"exportVersion": 1, "exportDate": "2026-01-13T00:00:00Z", "cards": [], "preferences": {}}"#,
        "trendy": #"{"version": 1, "eventTypes": [], "events": []}"#,
    ]

    @Test(arguments: ["cardshow", "coupontracker", "trendy"])
    func anotherAppsExportIsRefusedNamingWhoseItIsAndTheToolThatImportsIt(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        for (other, export) in Self.exports where other != tool {
            let file = folder + "/\(other).json"
            try Data(export.utf8).write(to: URL(fileURLWithPath: file))
            let output = try process.run(["import", file, "--store", folder + "/s.store"])
            #expect(output.status != 0)
            #expect(output.stderr.contains("export, not a"), "\(tool) given \(other)'s: \(output.stderr)")
            #expect(output.stderr.contains("`\(other) import FILE`"), "\(tool) given \(other)'s: \(output.stderr)")
        }
    }

    @Test(arguments: tools) func withHOMEUnsetOrRelativeEveryToolLooksInTheAccountsHomeFolder(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = DataFolder.home(environment: [:]) + "/.local/share/"
        for home in [nil, "relative/home"] as [String?] {
            let process = ToolProcess(tool, environment: ["HOME": home, "XDG_DATA_HOME": nil, "TZ": "UTC"])
            let list = Self.listing(tool, folder: folder).list.filter { $0 != "--json" }
            let output = try process.run(Array(list.prefix { $0 != "--store" && $0 != "--db" }) + (tool == "getdiced" ? ["folder", "list"] : []))
            #expect(output.stderr.contains(expected), "\(tool), HOME \(home ?? "unset"): \(output.stderr)")
        }
    }

    @Test func theDataFolderFollowsXDGThenAnAbsoluteHOMEThenTheAccount() {
        #expect(DataFolder.url(environment: ["XDG_DATA_HOME": "/data", "HOME": "/h"]).path == "/data")
        #expect(DataFolder.url(environment: ["XDG_DATA_HOME": "data", "HOME": "/h"]).path == "/h/.local/share")
        #expect(DataFolder.url(environment: ["HOME": "/etc/hostname"]).path == "/etc/hostname/.local/share")
        #expect(DataFolder.home(environment: ["HOME": "h"]) == DataFolder.home(environment: [:]))
        #expect(DataFolder.home(environment: [:]).hasPrefix("/"))
    }

    @Test func aKnownOrEmptyTimeZoneGetsNoWarning() {
        #expect(TimeZoneVariable.warning(for: "Europe/Paris", tool: "trendy") == nil)
        #expect(TimeZoneVariable.warning(for: ":Europe/Paris", tool: "trendy") == nil)
        #expect(TimeZoneVariable.warning(for: "", tool: "trendy") == nil)
        #expect(TimeZoneVariable.warning(for: nil, tool: "trendy") == nil)
        #expect(TimeZoneVariable.warning(for: "Europe/Pari", tool: "trendy") != nil)
    }

    /// Issue 33's twentieth pass: `TZ=:/etc/localtime` (a link into the zone files, as
    /// systemd and container images recommend) was warned of and read as UTC; `TZ=UTC+3`,
    /// which the C library (`date`) reads as 3 hours behind UTC, Foundation read as 3 hours
    /// ahead, so a time logged at 10:00 was stored 6 hours from where `date` put it.
    @Test func aTZInPOSIXFormsIsReadAsTheCLibraryReadsIt() throws {
        #expect(TimeZoneVariable.rewritten("UTC+3") == "GMT-0300")
        #expect(TimeZoneVariable.rewritten("GMT-14") == "GMT+1400")
        #expect(TimeZoneVariable.rewritten("EST5") == "GMT-0500")
        #expect(TimeZoneVariable.rewritten("<+0530>-5:30") == "GMT+0530")
        #expect(TimeZoneVariable.rewritten("UTC0") == "GMT")
        #expect(TimeZoneVariable.rewritten("Europe/Paris") == nil)
        #expect(TimeZoneVariable.rewritten("Etc/GMT+3") == nil)
        #expect(TimeZoneVariable.rewritten("GMT+0530") == nil)
        #expect(TimeZoneVariable.rewritten("EST5EDT") == nil)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = folder + "/localtime"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(TimeZoneVariable.rewritten(":" + link) == "Asia/Tokyo")
        #expect(TimeZoneVariable.rewritten(link) == "Asia/Tokyo")
        for (value, stored) in [("UTC+3", "13:00"), ("GMT-14", "20:00"), (":" + link, "01:00")] {
            let process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": value])
            let store = folder + "/\(UUID().uuidString).store"
            #expect(try process.run(["types", "add", "Coffee", "--store", store]).status == 0)
            let logged = try process.run(["log", "Coffee", "--at", "2026-03-01T10:00", "--store", store])
            #expect(logged.status == 0 && logged.stderr.isEmpty, "\(value): \(logged.stderr)")
            let listed = try ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
                .run(["list", "--store", store])
            #expect(listed.stdout.contains(stored), "\(value): \(listed.stdout)")
        }
    }

    /// Issue 33's twentieth pass: a `TZ` with summer-time rules (`CET-1CEST,M3.5.0,M10.5.0/3`)
    /// was warned of and read as UTC. Times are read and shown on its clock, as `date` reads
    /// and shows them: in winter and summer, on each side of both changes, and a time the
    /// clocks skip or show twice refused as in a named zone.
    @Test func aTZWithSummerTimeRulesIsReadAndShownAsTheCLibraryDoes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/s.store"
        let rule = "CET-1CEST,M3.5.0,M10.5.0/3"
        let local = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": rule])
        #expect(try local.run(["types", "add", "Tea", "--store", store]).status == 0)
        // What `TZ='CET-1CEST,M3.5.0,M10.5.0/3' date -u -d @$(date -d WALL +%s)` gives.
        let readings = [("2026-01-16 00:30", "2026-01-15T23:30:00Z"), ("2026-07-16 00:30", "2026-07-15T22:30:00Z"),
                        ("2026-03-29 01:59", "2026-03-29T00:59:00Z"), ("2026-03-29 03:00", "2026-03-29T01:00:00Z"),
                        ("2026-10-25 01:59", "2026-10-24T23:59:00Z"), ("2026-10-25 03:00", "2026-10-25T02:00:00Z")]
        for (wall, _) in readings {
            let logged = try local.run(["log", "Tea", "--at", wall, "--store", store])
            #expect(logged.status == 0 && logged.stderr.isEmpty, "\(wall): \(logged.stderr)")
        }
        let stored = try ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
            .run(["list", "--json", "--store", store]).stdout
        let shown = try local.run(["list", "--store", store]).stdout
        for (wall, instant) in readings {
            #expect(stored.contains(instant), "\(wall) is not stored as \(instant): \(stored)")
            #expect(shown.contains(wall), "\(wall) is not shown: \(shown)")
        }
        let skipped = try local.run(["log", "Tea", "--at", "2026-03-29 02:30", "--store", store])
        #expect(skipped.stderr.contains("does not exist in \(rule): the clocks went from 02:00 to 03:00"), "\(skipped.stderr)")
        let twice = try local.run(["log", "Tea", "--at", "2026-10-25 02:30", "--store", store])
        #expect(twice.stderr.contains("'2026-10-25 02:30 +02:00' for the first, '2026-10-25 02:30 +01:00' for the second"), "\(twice.stderr)")
        // A day alone starts at the rule's midnight: the summer event's day holds it, and only it.
        let day = try local.run(["list", "--from", "2026-07-16", "--to", "2026-07-16", "--store", store]).stdout
        #expect(day.contains("2026-07-16 00:30") && !day.contains("2026-01-16"), "\(day)")
    }

    /// Issue 33's twenty-first pass: the C library allows a colon before any `TZ`, and reads
    /// `:UTC+3` as `UTC+3` when no zone file has that name; the tools read `:UTC+3` as 3 hours
    /// *ahead* (Foundation's reading of the name after the colon), and `:EST5EDT,M3.2.0,M11.1.0`
    /// as UTC without a word.
    @Test func aPOSIXTZAfterTheCLibrarysColonIsReadAsWithoutIt() throws {
        #expect(TimeZoneVariable.rewritten(":UTC+3") == "GMT-0300")
        #expect(TimeZoneVariable.rule(":EST5EDT,M3.2.0,M11.1.0") == POSIXTimeZoneRule("EST5EDT,M3.2.0,M11.1.0"))
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/s.store"
        // What `TZ=VALUE date -d '2026-07-01 10:00'` names, in UTC.
        for (value, stored) in [(":UTC+3", "2026-07-01T13:00:00Z"), (":EST5EDT,M3.2.0,M11.1.0", "2026-07-01T14:00:00Z")] {
            let process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": value])
            _ = try process.run(["types", "add", "Tea", "--store", store])
            let logged = try process.run(["log", "Tea", "--at", "2026-07-01 10:00", "--json", "--store", store])
            #expect(logged.stdout.contains(stored) && logged.stderr.isEmpty, "\(value): \(logged.stdout) \(logged.stderr)")
        }
    }

    @Test func aTZPathToAFileThatIsNoZoneIsWarnedOf() {
        #expect(TimeZoneVariable.warning(for: ":/etc/passwd", tool: "trendy") != nil)
        #expect(TimeZoneVariable.warning(for: "/etc/hostname", tool: "trendy") != nil)
    }

    @Test(arguments: [":Asia/Tokyo", ":/usr/share/zoneinfo/Asia/Tokyo", "/usr/share/zoneinfo/Asia/Tokyo"])
    func aTZInTheCLibrarysFormsIsReadAsTheZoneItNamesNotAsUTC(_ value: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/s.store"
        let utc = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        #expect(try utc.run(["types", "add", "Tea", "--store", store]).status == 0)
        #expect(try utc.run(["log", "Tea", "--at", "2026-03-01 08:00", "--store", store]).status == 0)
        let tokyo = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": value])
        let listed = try tokyo.run(["list", "--store", store])
        #expect(listed.stdout.contains("2026-03-01 17:00"), "\(value): \(listed.stdout) \(listed.stderr)")
        #expect(listed.stderr.isEmpty, "\(value): \(listed.stderr)")
    }

    @Test func aQuotedTextShowsItsLineBreaksAsEscapes() {
        #expect(TerminalText.quoted("/tmp/a\nb/s.store") == "/tmp/a\\u{A}b/s.store")
        #expect(TerminalText.shortened("one\ntwo", to: 20) == "one two")
    }

    @Test func bytesThatAreNotUTF8AreShownAsByteEscapes() {
        #expect(ArgumentCheck.problem(inRaw: [Array("café".utf8)]) == nil)
        #expect(ArgumentCheck.showingBytes([0x63, 0x61, 0x66, 0xE9]) == "caf\\xE9")
        #expect(ArgumentCheck.problem(inRaw: [Array("ok".utf8), [0x63, 0x61, 0x66, 0xE9]])?.contains("caf\\xE9") == true)
    }

    @Test func bidirectionalControlsAreEscapedAsOtherControlsAre() {
        #expect(TerminalText.escaped("abc\u{202E}def") == "abc\\u{202E}def")
        #expect(TerminalText.escaped("\u{2066}x\u{2069}\u{200F}\u{061C}") == "\\u{2066}x\\u{2069}\\u{200F}\\u{61C}")
        var table = Table("NAME")
        table.add("evil\u{202E}txt.exe")
        #expect(table.render().contains("evil\\u{202E}txt.exe"))
        #expect(!table.render().unicodeScalars.contains("\u{202E}"))
    }

    /// A listing of `tool` with `--json` before the command, and the command that first stores something to list.
    static func listing(_ tool: String, folder: String) -> (setup: [String], list: [String]) {
        let store = folder + "/s.store"
        switch tool {
        case "cardshow": return (["card", "add", "--name", "A", "--set", "S", "--number", "1", "--value", "1", "--store", store],
                                 ["--json", "card", "list", "--store", store])
        case "assetflow": return (["category", "add", "Stocks", "--store", store], ["--json", "category", "list", "--store", store])
        case "coupontracker": return (["add", "--custom", "Mine", "--store", store], ["--json", "cards", "--store", store])
        case "trendy": return (["types", "add", "Water", "--store", store], ["--json", "types", "list", "--store", store])
        default: return (["--version"], ["--json", "--db", store, "folder", "list"])
        }
    }

    /// Issue 33's twenty-second pass: `--store /proc/self/fd/5`, where descriptor 5 holds a store
    /// deleted since it was opened, passed the checks (the file is there to read) and SQLite
    /// opened the name the link gives, `s.store (deleted)`: a new, empty store, listed as
    /// holding nothing ("No cards match"), into which a change then went.
    @Test(arguments: tools) func aStoreReachedThroughProcThatWasDeletedIsRefusedNotMadeAnew(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let (setup, list) = Self.listing(tool, folder: folder)
        if tool == "getdiced" {
            #expect(FileManager.default.createFile(atPath: folder + "/s.store", contents: Data("database".utf8)))
        } else {
            #expect(try process.run(setup).status == 0, "\(tool)")
        }
        let executable = try #require(process.executable)
        let arguments = list.map { $0 == folder + "/s.store" ? "/proc/self/fd/5" : $0 }.filter { $0 != "--json" }
        let output = try process.runScript("tool=$1 store=$2; shift 2; exec 5<\"$store\"; rm \"$store\"; exec \"$tool\" \"$@\"",
                                           arguments: [executable.path, folder + "/s.store"] + arguments)
        #expect(output.status != 0, "\(tool): \(output.stdout)")
        #expect(output.stderr.contains("/proc/self/fd/5 leads to a file that was deleted: it is still open, but has no name in any "
                                       + "folder"), "\(tool): \(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("deleted") }.isEmpty, "\(tool)")
    }

    @Test(arguments: tools) func jsonBeforeTheCommandIsTakenAsAfterIt(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let (setup, list) = Self.listing(tool, folder: folder)
        let made = try process.run(setup)
        #expect(made.status == 0, "\(tool): \(made.stderr)")
        let output = try process.run(list)
        #expect(!output.stderr.lowercased().contains("unexpected argument") && !output.stderr.contains("Unknown option"),
                "\(tool): \(output.stderr)")
        if tool == "getdiced" {
            // No database there: the error is the command's own, in JSON, not the parser's.
            #expect(output.stderr.hasPrefix("{\"error\":\"No Get Diced database"), "\(output.stderr)")
        } else {
            #expect(output.status == 0, "\(tool): \(output.stderr)")
            #expect(output.stdout.hasPrefix("["), "\(tool): \(output.stdout)")
        }
    }

    /// The thirty-ninth pass: in plain text, where the root's own unknown option was JSON.
    @Test(arguments: [("cardshow", "card"), ("assetflow", "snapshot"), ("trendy", "types"), ("getdiced", "deck"), ("getdiced", nil)])
    func anUnknownOptionOfACommandGroupIsReportedInJSONUnderJSON(_ tool: String, _ group: String?) throws {
        let output = try ToolProcess(tool).run((group.map { [$0] } ?? []) + ["--bogus", "--json"])
        #expect(output.status == 64, "\(tool): \(output.stderr)")
        #expect(output.stderr.hasPrefix("{\"error\":\"Unknown option '--bogus'"), "\(tool): \(output.stderr)")
    }

    /// The thirty-ninth pass: under --json, a group given alone printed its help, which is
    /// text, and exited 0, so a program reading the output read words it could not parse.
    @Test(arguments: [("cardshow", "card"), ("assetflow", "snapshot"), ("getdiced", "deck"), ("getdiced", nil)])
    func aCommandGroupGivenAloneUnderJSONIsAnErrorInJSONNamingItsCommands(_ tool: String, _ group: String?) throws {
        let output = try ToolProcess(tool).run(["--json"] + (group.map { [$0] } ?? []))
        #expect(output.status == 64, "\(tool): \(output.stderr)")
        #expect(output.stdout.isEmpty, "\(tool): \(output.stdout)")
        let path = ([tool] + (group.map { [$0] } ?? [])).joined(separator: " ")
        #expect(output.stderr.hasPrefix("{\"error\":\"`\(path)` needs one of its commands: "), "\(tool): \(output.stderr)")
        let help = try ToolProcess(tool).run((group.map { [$0] } ?? []) + ["--help", "--json"])
        #expect(help.status == 0 && help.stdout.contains("USAGE"), "\(tool): \(help.stderr)")
    }

    /// The thirty-ninth pass: `coupontracker export --json` was answered "Unknown option
    /// '--json'. Did you mean '--now'?", ArgumentParser's nearest option.
    @Test(arguments: [("coupontracker", "export"), ("trendy", "export")])
    func jsonGivenToACommandWithoutItIsSaidToBeTakenByNone(_ tool: String, _ command: String) throws {
        let output = try ToolProcess(tool).run([command, "--json"])
        #expect(output.status == 64, "\(tool): \(output.stderr)")
        #expect(output.stderr.hasPrefix("{\"error\":\"`\(tool) \(command)` takes no --json: leave it out."), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains("Did you mean"), "\(tool): \(output.stderr)")
    }

    /// The fortieth pass: `trendy types list -- --json` was refused as `{"error": …}`, though
    /// after `--` the word is an argument, not the option.
    @Test(arguments: [("trendy", ["types", "list"]), ("cardshow", ["card", "list"])])
    func jsonAfterTheEndOfOptionsIsAWordAndErrorsStayText(_ tool: String, _ command: [String]) throws {
        let output = try ToolProcess(tool).run(command + ["--", "--json"])
        #expect(output.status == 64, "\(tool): \(output.stderr)")
        #expect(output.stderr.hasPrefix("Error: "), "\(tool): \(output.stderr)")
    }

    @Test(arguments: tools) func helpForAnUnknownCommandIsAnErrorNamingIt(_ tool: String) throws {
        let output = try ToolProcess(tool).run(["help", "frobnicate"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("\"frobnicate\" is not a"), "\(tool): \(output.stderr)")
        #expect(output.stdout.isEmpty)
        let known = try ToolProcess(tool).run(["help"])
        #expect(known.status == 0 && known.stdout.contains("USAGE"), "\(tool): \(known.stderr)")
    }

    @Test(arguments: tools) func versionPrintsTheOneSharedVersion(_ tool: String) throws {
        let output = try ToolProcess(tool).run(["--version"])
        #expect(output.status == 0, "\(tool): \(output.stderr)")
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == ToolVersion.string)
    }

    @Test(arguments: tools) func anEmptyStorePathIsSaidToBeEmptyNotTheCurrentFolder(_ tool: String) throws {
        let option = tool == "getdiced" ? "--db" : "--store"
        let list = tool == "getdiced" ? ["folder", "list"] : tool == "coupontracker" ? ["cards"] : tool == "cardshow" ? ["card", "list"]
            : tool == "assetflow" ? ["category", "list"] : ["types", "list"]
        for arguments in [list + [option, ""], list + ["\(option)="]] {
            let output = try ToolProcess(tool).run(arguments)
            #expect(output.status != 0)
            #expect(output.stderr.contains("The \(option) path is empty"), "\(tool): \(output.stderr)")
            #expect(!output.stderr.contains("is a folder"), "\(tool): \(output.stderr)")
        }
    }

    @Test(arguments: tools) func anEmptyOutputPathIsSaidToBeEmptyNotTheCurrentFolder(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let commands: [[String]] = switch tool {
        case "cardshow": [["export", "--format", "json"], ["backup"]]
        case "assetflow": [["export", "2026-01-01"]]
        case "getdiced": [["deck", "export", "Burn", "--db", folder + "/g.db"]]
        default: [["export"]]
        }
        for command in commands {
            let output = try process.run(command + ["--output", ""])
            #expect(output.status != 0)
            #expect(output.stderr.contains("it is empty: give the path of the file to write"), "\(tool): \(output.stderr)")
            #expect(!output.stderr.contains("is a folder") && !output.stderr.contains("Could not write"), "\(tool): \(output.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(tool) wrote something")
    }

    /// The commands that write a file at `--output`, as "TOOL COMMAND", and what they need
    /// in the store first. getdiced's `deck export` needs a catalog: its own tests
    /// (`DeckExportFileTests`) cover it.
    static let outputCommands = ["cardshow export", "cardshow backup", "assetflow export", "coupontracker export", "trendy export"]

    /// The command `name` (one of `outputCommands`) writing `output`, and the command before it.
    static func writing(_ name: String, to output: String, folder: String) -> (setup: [String], write: [String]) {
        let store = folder + "/s.store"
        return switch name {
        case "cardshow export": (["card", "add", "--name", "A", "--set", "S", "--number", "1", "--store", store],
                                 ["export", "--format", "json", "--output", output, "--store", store])
        case "cardshow backup": (["card", "add", "--name", "A", "--set", "S", "--number", "1", "--store", store],
                                 ["backup", "--output", output, "--store", store])
        case "assetflow export": (["snapshot", "create", "2026-01-01", "--store", store],
                                  ["export", "2026-01-01", "--output", output, "--store", store])
        case "coupontracker export": (["add", "--custom", "Mine", "--store", store], ["export", "--output", output, "--store", store])
        default: (["types", "add", "Water", "--store", store], ["export", "--output", output, "--store", store])
        }
    }

    @Test(arguments: outputCommands) func anExistingFileAtOutputIsRefusedWithoutForceAndKept(_ command: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = String(command.prefix { $0 != " " })
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let file = folder + "/kept.out"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("keep me".utf8)))
        let (setup, write) = Self.writing(command, to: file, folder: folder)
        #expect(try process.run(setup).status == 0, "\(command)")
        let output = try process.run(write)
        #expect(output.status != 0, "\(command) replaced the file")
        #expect(output.stderr.contains("\(file) already exists, so nothing was written: pass --force to replace it, or name another file."),
                "\(command): \(output.stderr)")
        #expect(FileManager.default.contents(atPath: file) == Data("keep me".utf8), "\(command)")
    }

    /// Issue 33's twenty-second pass: with standard output a pipe (as it is here), `--output
    /// /dev/stdout` was "already exists … pass --force to replace it", and with `--force`
    /// "Could not write /dev/stdout: no such file or directory" (a backup: "read-only").
    @Test(arguments: outputCommands) func standardOutputAsOutputWhenItIsAPipeIsRefusedAsAPipe(_ command: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = String(command.prefix { $0 != " " })
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        #expect(try process.run(Self.writing(command, to: "", folder: folder).setup).status == 0, "\(command)")
        for output in ["/dev/stdout", "/proc/self/fd/1"] {
            let write = Self.writing(command, to: output, folder: folder).write
            for force in [[], ["--force"]] {
                let result = try process.run(write + force)
                #expect(result.status != 0, "\(command) \(output) \(force)")
                #expect(result.stderr.contains("\(output) is a pipe (FIFO), not a file: only ordinary files are written. "
                                               + "Name a file, or leave the file out and redirect standard output (> or |)."),
                        "\(command) \(output) \(force): \(result.stderr)")
            }
        }
    }

    /// Issue 33's twenty-second pass left open, the twenty-third closed: `--output /dev/stdout
    /// --force >> out.json` replaced out.json by a rename, so nothing was appended, and without
    /// `--force` a file the shell had just made for `>` "already exists"; the note of what was
    /// written went on into the file the rename had taken the name from.
    @Test(arguments: outputCommands)
    func anOutputThatIsStandardOutputIsWrittenThroughItSoThatAppendingAppends(_ command: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = String(command.prefix { $0 != " " })
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        #expect(try process.run(Self.writing(command, to: "", folder: folder).setup).status == 0, "\(command)")
        let file = folder + "/out.data"
        for output in ["/dev/stdout", "/proc/self/fd/1", file] {
            let words = Self.writing(command, to: output, folder: folder).write.map { "'\($0)'" }.joined(separator: " ")
            let written = try process.runShell(words + " > '\(file)'")
            #expect(written.status == 0, "\(command) \(output): \(written.stderr)")
            let once = try #require(FileManager.default.contents(atPath: file), "\(command) \(output)")
            #expect(!once.isEmpty && !String(decoding: once, as: UTF8.self).contains(output), "\(command) \(output)")
            try Data("kept\n".utf8).write(to: URL(fileURLWithPath: file))
            let appended = try process.runShell(words + " >> '\(file)'")
            #expect(appended.status == 0, "\(command) \(output): \(appended.stderr)")
            // The same export again after what was there (an export's date may differ by a second).
            let both = try #require(FileManager.default.contents(atPath: file), "\(command) \(output)")
            #expect(both.starts(with: Data("kept\n".utf8)) && both.count == 5 + once.count, "\(command) \(output)")
        }
    }

    /// Issue 33's twenty-second pass left open, the twenty-third closed: with standard error
    /// appended to a store (`2>> s.store`), a usage error, a warning, and the refusal of the
    /// store as the command's standard error went onto the end of the store, and the user saw nothing.
    @Test(arguments: ["cardshow card list", "trendy types list", "assetflow category list", "coupontracker cards"])
    func aStandardErrorThatIsADatabaseIsRefusedOnStandardOutputAndNothingIsWrittenIntoIt(_ command: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = String(command.prefix { $0 != " " })
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "Nowhere/Invalid"])
        #expect(try process.runShell(Self.storing("Kept", tool: tool, folder: folder)).status == 0)
        let store = folder + "/s.store"
        let size = try #require(FileManager.default.attributesOfItem(atPath: store)[.size] as? Int)
        let words = command.dropFirst(tool.count + 1) + " --store '\(store)'"
        for extra in ["", " --bogus"] {
            let result = try process.runShell(words + extra + " 2>> '\(store)'")
            #expect(result.status == 1, "\(command)\(extra)")
            #expect(result.stdout.contains("Standard error (\(store)) is an SQLite database (a store, perhaps): what \(tool) "
                                           + "writes there"), "\(command)\(extra): \(result.stdout)")
            #expect(try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int == size, "\(command)\(extra)")
        }
    }

    /// Issue 33's twenty-fourth pass left open, the twenty-fifth closed: with standard output
    /// appended to a database other than the store (`>> other.store`), the listing went onto
    /// the end of that database, past its last page.
    @Test(arguments: ["cardshow card list", "trendy types list", "assetflow category list", "coupontracker cards"])
    func aStandardOutputThatIsADatabaseIsRefusedOnStandardErrorAndNothingIsWrittenIntoIt(_ command: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = String(command.prefix { $0 != " " })
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        #expect(try process.runShell(Self.storing("Kept", tool: tool, folder: folder)).status == 0)
        let other = folder + "/other.store"
        try FileManager.default.copyItem(atPath: folder + "/s.store", toPath: other)
        let size = try #require(FileManager.default.attributesOfItem(atPath: other)[.size] as? Int)
        let result = try process.runShell(command.dropFirst(tool.count + 1) + " --store '\(folder)/s.store' >> '\(other)'")
        #expect(result.status == 1, "\(command)")
        #expect(result.stderr.contains("Standard output (\(other)) is an SQLite database (a store, perhaps): what \(tool) prints there"),
                "\(command): \(result.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: other)[.size] as? Int == size, "\(command)")
    }

    /// Issue 33's twenty-third pass: `--store "$(cat store-path.txt)"` of a file with CRLF line
    /// ends made a new store named `s.store\r` beside the user's and wrote into it, without a word.
    @Test(arguments: ["cardshow", "trendy", "assetflow", "coupontracker", "getdiced"])
    func aPathOptionEndingWithALineEndIsRefusedNotMadeAsANewFile(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        for end in ["\r", "\n"] {
            let words = Self.storing("Kept", tool: tool, folder: folder).replacingOccurrences(of: "s.store'", with: "s.store'\"$END\"")
            let output = try process.runScript("END='\(end)'; exec \"$1\" " + words, arguments: [try #require(process.executable).path])
            #expect(output.status != 0, "\(tool) \(end.debugDescription)")
            #expect(output.stderr.contains(" path \"\(folder)/s.store\\u{\(end == "\r" ? "D" : "A")}\" ends with a "), "\(output.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("s.store") }.isEmpty)
        }
    }

    @Test(arguments: outputCommands.filter { $0 != "cardshow backup" })
    func anExportToOutputSaysWhatItWroteOnStandardOutputNamingThePathAsGiven(_ command: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = String(command.prefix { $0 != " " })
        var process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        process.currentDirectory = URL(fileURLWithPath: folder)
        let (setup, write) = Self.writing(command, to: "written.out", folder: folder)
        #expect(try process.run(setup).status == 0, "\(command)")
        let output = try process.run(write)
        #expect(output.status == 0, "\(command): \(output.stderr)")
        #expect(output.stdout.contains(" written.out."), "\(command): stdout \(output.stdout), stderr \(output.stderr)")
        #expect(!output.stdout.contains(folder), "\(command): \(output.stdout)")
        #expect(!output.stderr.contains("written.out"), "\(command): \(output.stderr)")
    }

    /// Issue 33's twenty-first pass: coupontracker's import (and its `--templates` of a file
    /// that is not there) named the file by its full path, "There is no export file at
    /// /tmp/…/missing.json", where every other tool's import names it as it was given.
    @Test(arguments: ["cardshow import missing.json --format json", "trendy import missing.json", "trendy import-ics missing.json --default-type Tea",
                      "assetflow import 2026-01-31 missing.json", "coupontracker import missing.json",
                      "getdiced deck import missing.json", "coupontracker --templates missing.json templates"])
    func aFileToReadThatIsNotThereIsNamedAsGiven(_ command: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let words = command.split(separator: " ").map(String.init)
        var process = ToolProcess(words[0], environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        process.currentDirectory = URL(fileURLWithPath: folder)
        let output = try process.run(Array(words.dropFirst()))
        #expect(output.status != 0, "\(command)")
        #expect(output.stderr.contains(" missing.json"), "\(command): \(output.stderr)")
        #expect(!output.stderr.contains(folder), "\(command): \(output.stderr)")
    }

    /// Issue 33's twenty-first pass: `cardshow card list --store s.store > s.store` (the shell
    /// empties the store before the tool runs) was refused as an empty store "another cardshow
    /// is creating this moment", and with `>>` the listing was written into the store's pages.
    @Test(arguments: ["cardshow card list", "trendy types list", "assetflow category list", "coupontracker cards", "getdiced folder list"])
    func aStoreThatIsAlsoStandardOutputIsRefusedSayingSo(_ command: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = String(command.prefix { $0 != " " })
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        // getdiced's database needs a catalog to be made; its path is checked before it is opened, so any file will do.
        if tool == "getdiced" {
            #expect(FileManager.default.createFile(atPath: folder + "/s.store", contents: Data("database".utf8)))
        } else {
            #expect(try process.runShell(Self.storing("Kept", tool: tool, folder: folder)).status == 0)
        }
        let words = command.dropFirst(tool.count + 1) + (tool == "getdiced" ? " --db" : " --store") + " '\(folder)/s.store'"
        let appended = try process.runShell(words + " >> '\(folder)/s.store'")
        #expect(appended.status != 0 && appended.stderr.contains("is this command's standard output as well as its"), "\(appended.stderr)")
        if tool != "getdiced" {
            #expect(try process.runShell(String(words)).stdout.contains("Kept"), "the store was written into")
        }
        let emptied = try process.runShell(words + " > '\(folder)/s.store'")
        #expect(emptied.stderr.contains("the shell emptied it when it opened it for the output"), "\(emptied.stderr)")
    }

    @Test(arguments: outputCommands) func anExistingFileAtOutputIsReplacedWithForceKeepingItsMode(_ command: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = String(command.prefix { $0 != " " })
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let file = folder + "/replaced.out"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("old".utf8), attributes: [.posixPermissions: 0o600]))
        let (setup, write) = Self.writing(command, to: file, folder: folder)
        #expect(try process.run(setup).status == 0, "\(command)")
        let output = try process.run(write + ["--force"])
        #expect(output.status == 0, "\(command): \(output.stderr)")
        #expect(FileManager.default.contents(atPath: file) != Data("old".utf8), "\(command) left the file")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600, "\(command)")
    }

    /// Every command of `tool` that writes to its store, in an order in which each can run,
    /// without `--store`; `{id}` stands for the id the command before printed. The files they
    /// read are made in `folder`. cardshow's and getdiced's are covered by their own tests.
    static func writingCommands(_ tool: String, folder: String) throws -> [[String]] {
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let other = folder + "/other.store", export = folder + "/export.json"
        switch tool {
        case "assetflow":
            let csv = folder + "/values.csv"
            try Data("asset,platform,currency,value\nFund,C,USD,120\n".utf8).write(to: URL(fileURLWithPath: csv))
            return [["category", "add", "Stocks", "--target", "60"], ["category", "rename", "Stocks", "Shares"],
                    ["category", "target", "Shares", "50"], ["asset", "add", "ETF", "--platform", "B", "--currency", "USD", "--category", "Shares"],
                    ["asset", "move", "ETF", "--platform", "B", "--none"], ["asset", "rename", "ETF", "--platform", "B", "--to", "Fund"],
                    ["asset", "rename-platform", "B", "C"], ["snapshot", "create", "2026-03-31"],
                    ["snapshot", "set", "2026-03-31", "--asset", "Fund", "--platform", "C", "--value", "100"],
                    ["snapshot", "cashflow", "2026-03-31", "--description", "In", "--amount", "5", "--currency", "USD"],
                    ["snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "TWD=32"], ["import", "2026-03-31", csv],
                    ["snapshot", "delete", "2026-03-31"], ["asset", "delete", "Fund", "--platform", "C"], ["category", "delete", "Shares"],
                    ["demo"]]
        case "coupontracker":
            #expect(try process.run(["add", "--custom", "Other", "--store", other]).status == 0)
            #expect(try process.run(["export", "--output", export, "--store", other]).status == 0)
            return [["add", "--custom", "Mine"], ["add-benefit", "--card", "Mine", "--name", "Parking", "--value", "15", "--frequency", "monthly"],
                    ["use", "Parking"], ["undo", "Parking"], ["prune", "--before", "2020-01-01"], ["import", export],
                    ["remove", "Mine"], ["demo"]]
        default:
            #expect(try process.run(["types", "add", "Other", "--store", other]).status == 0)
            #expect(try process.run(["log", "Other", "--at", "2026-03-02 09:00", "--store", other]).status == 0)
            #expect(try process.run(["export", "--output", export, "--store", other]).status == 0)
            let ics = folder + "/calendar.ics"
            try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:one@example.com\r\nDTSTART:20260301T080000Z\r\nSUMMARY:Gym\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
                .write(to: URL(fileURLWithPath: ics))
            return [["types", "add", "Water"], ["types", "rename", "Water", "Tea"], ["log", "Tea", "--at", "2026-03-01 08:00"],
                    ["edit", "{id}", "--note", "green"], ["delete", "{id}"], ["import", export],
                    ["import-ics", ics, "--default-type", "Tea"], ["types", "delete", "Tea"], ["demo"]]
        }
    }

    @Test(arguments: ["assetflow", "coupontracker", "trendy"]) func everyCommandThatWritesTakesJSONAndPrintsOnlyJSON(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        var id = ""
        for command in try Self.writingCommands(tool, folder: folder) {
            let arguments = command.map { $0 == "{id}" ? id : $0 } + ["--json", "--store", folder + "/s.store"]
            let output = try process.run(arguments)
            #expect(output.status == 0, "\(tool) \(command): \(output.stderr)")
            let printed = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
            #expect(printed != nil, "\(tool) \(command) printed: \(output.stdout)")
            if let made = (printed as? [String: Any])?["id"] as? String { id = made }
        }
    }

    @Test(arguments: tools.filter { $0 != "getdiced" }) func aRecordAddedWithJSONIsPrintedAsItsListingPrintsIt(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let (add, list) = Self.listing(tool, folder: folder)
        let added = try process.run(add + ["--json"])
        #expect(added.status == 0, "\(tool): \(added.stderr)")
        let listed = try JSONSerialization.jsonObject(with: Data(try process.run(list).stdout.utf8)) as? [Any]
        let record = try? JSONSerialization.jsonObject(with: Data(added.stdout.utf8))
        #expect((record as? NSDictionary) == (listed?.first as? NSDictionary), "\(tool): \(added.stdout)")
    }

    /// getdiced needs a catalog to list anything: its own tests (`ConventionTests`) cover it.
    @Test(arguments: tools.filter { $0 != "getdiced" })
    func aFailedWriteToStandardOutputWithJSONIsReportedInJSON(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let (setup, list) = Self.listing(tool, folder: folder)
        _ = try process.run(setup)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let output = try process.run(list, standardOutput: full)
        #expect(output.status != 0)
        #expect(output.stderr.hasPrefix("{\"error\":"), "\(tool): \(output.stderr)")
        #expect(output.stderr.contains("Could not write the output"), "\(tool): \(output.stderr)")
    }
}
