import CommandLineTestSupport
import Foundation
import Testing

/// A value that begins with a minus sign where an argument is expected, which the argument
/// parser takes for options of its own.
@Suite struct DashedValueTests {
    @Test(arguments: [["snapshot", "create", "-0001-01-01"], ["import", "-0001-01-01", "x.csv"], ["export", "-2026-01-01"]])
    func aDayBeginningWithAMinusSignIsRefusedNamingTheDayAndTheDaysTaken(_ arguments: [String]) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess("assetflow", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let output = try process.run(arguments + ["--store", folder + "/s.store"])
        #expect(output.status == 64, "\(output.stderr)")
        let day = arguments.first { $0.hasPrefix("-") } ?? ""
        #expect(output.stderr.contains("\"\(day)\" is not a day"), "\(output.stderr)")
        #expect(output.stderr.contains("from 1900 to 2199, as YYYY-MM-DD"), "\(output.stderr)")
        #expect(!output.stderr.contains("Missing expected argument"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.store"))
    }

    @Test func aNameBeginningWithAMinusSignIsToldToComeAfterADoubleDash() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let refused = try process.run(["types", "add", "-5", "--store", folder + "/s.store"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("put -- after the options and before it: trendy ... -- -5"), "\(refused.stderr)")
        let added = try process.run(["types", "add", "--store", folder + "/s.store", "--", "-5"])
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test func aNegativeValueOfAnOptionIsStillTheOptionsValue() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let output = try process.run(["list", "--from", "-2026-01-01", "--store", folder + "/s.store"])
        #expect(output.stderr.contains("\"-2026-01-01\" is not a time"), "\(output.stderr)")
    }

    @Test func aShortOptionGivenAValueBeginningWithAMinusAndADigitTakesItAsTheLongOptionDoes() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var process = ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        process.currentDirectory = URL(fileURLWithPath: folder)
        let store = folder + "/s.store"
        #expect(try process.run(["demo", "--store", store]).status == 0)
        let short = try process.run(["export", "-o", "-1", "--store", store])
        #expect(short.status == 0, "\(short.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/-1"), "\(short.stderr)")
        let twice = try process.run(["export", "-o", "-1", "--output", "-2", "--store", store])
        #expect(twice.stderr.contains("given twice, as \"-1\" and as \"-2\""), "\(twice.stderr)")
    }
}

/// A file name that begins with a minus sign (`--store -t.store`, `import -e.json`), which the
/// argument parser takes for an option and then reports as a value missing, without naming it.
@Suite struct DashedPathTests {
    @Test(arguments: [["--store", "-t.store", "types", "add", "Water"], ["import", "-e.json"]])
    func aFileNameBeginningWithAMinusSignIsNamedWithTheWaysToGiveIt(_ arguments: [String]) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        process.currentDirectory = URL(fileURLWithPath: folder)
        let output = try process.run(arguments)
        #expect(output.status == 64, "\(output.stderr)")
        let name = arguments.first { $0.hasPrefix("-") && !$0.hasPrefix("--") } ?? ""
        #expect(output.stderr.contains("\"\(name)\" begins with a minus sign, so trendy reads it as an option"), "\(output.stderr)")
        #expect(output.stderr.contains("write ./\(name)"), "\(output.stderr)")
        // Joined to the option it follows, and only then.
        #expect(output.stderr.contains("--store=\(name)") == (arguments.first == "--store"), "\(output.stderr)")
        #expect(!output.stderr.contains("Missing"), "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".store") }.isEmpty)
    }
}
