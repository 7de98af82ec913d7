import CommandLineTestSupport
import Foundation
import Testing

/// A tool started with a standard stream closed (`2>&-`, `>&-`, `<&-`) ends with its own
/// status and says what it can in words.
@Suite struct ClosedStandardStreamTests {
    @Test func aRefusalWithStandardErrorClosedEndsWithItsStatusNotATrap() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        #expect(try process.run(["types", "add", "Tea", "--store", folder + "/s.store"]).status == 0)
        let refused = try process.runShell("types add Tea --store '\(folder)/s.store' 2>&-")
        #expect(refused.status == 1, "status \(refused.status)")
    }

    @Test func aCommandWithStandardOutputClosedSaysSoInWordsNotTheSystems() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let added = try process.runShell("types add Tea --store '\(folder)/s.store' >&-")
        #expect(added.status == 1, "\(added.stderr)")
        #expect(added.stderr.contains("standard output is closed (the command was started with >&-)"), "\(added.stderr)")
        #expect(!added.stderr.contains("Bad file descriptor"), "\(added.stderr)")
        #expect(try process.run(["types", "list", "--store", folder + "/s.store"]).stdout.contains("Tea"))
    }

    /// Issue 33's twenty-third pass: standard output opened for reading (`1< FILE`, a `<` typed
    /// for a `>`) was told "standard output is closed (the command was started with >&-)", and
    /// `--output /dev/stdout` "Could not write /dev/stdout: bad file descriptor".
    @Test func aCommandWithStandardOutputOpenForReadingSaysSoNotThatItIsClosed() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let file = folder + "/read.json"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("kept".utf8)))
        #expect(try process.run(["types", "add", "Tea", "--store", folder + "/s.store"]).status == 0)
        for output in ["", " --output /dev/stdout"] {
            let exported = try process.runShell("export --store '\(folder)/s.store'\(output) 1< '\(file)'")
            #expect(exported.status == 1, "\(output): \(exported.stderr)")
            #expect(exported.stderr.contains("standard output is open for reading only (the command was started with 1< FILE, "
                                             + "where > FILE writes)"), "\(output): \(exported.stderr)")
            #expect(FileManager.default.contents(atPath: file) == Data("kept".utf8))
        }
    }

    @Test func helpAndTheVersionWithStandardOutputClosedSayTheOutputWasLostAndFail() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (tool, arguments) in [("trendy", "--help"), ("getdiced", "--help"), ("cardshow", "card --help"), ("coupontracker", "--version")] {
            let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
            let lost = try process.runShell("\(arguments) >&-")
            #expect(lost.status == 1, "\(tool) \(arguments): status \(lost.status)")
            #expect(lost.stderr.contains("standard output is closed"), "\(tool) \(arguments): \(lost.stderr)")
            let shown = try process.runShell(arguments)
            #expect(shown.status == 0 && !shown.stdout.isEmpty, "\(tool) \(arguments): \(shown.stderr)")
        }
    }

    @Test func aDeckListOnAClosedStandardInputIsSaidToBeClosed() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess("getdiced", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let refused = try process.runShell("deck import - --db '\(folder)/g.db' <&-")
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("There is no deck list on standard input: it is closed"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("error 9"), "\(refused.stderr)")
    }
}
