import CommandLineTestSupport
import Foundation
import Testing

/// The second hostile pass over assetflow: it keeps the conventions of the other tools.
@Suite("assetflow under the second hostile pass")
struct HostilePassTwoTests {
    @Test func aCSVFileWithOnlyItsHeaderIsRefusedAsCardShowRefusesOne() throws {
        let tool = try HostileInputTests.portfolio()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("header.csv").path
        try "asset,platform,currency,value\n".write(toFile: file, atomically: true, encoding: .utf8)
        try expectRefused(tool, ["import", "2026-03-31", file], says: "has no values")
    }

    @Test func aJSONFileGivenToTheCSVImportIsNamedAsJSONNotForItsFirstQuote() throws {
        let tool = try HostileInputTests.portfolio()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("values.csv").path
        try #"[{"asset": "Fund", "value": 1}]"#.write(toFile: file, atomically: true, encoding: .utf8)
        try expectRefused(tool, ["import", "2026-03-31", file], says: "it looks like a JSON file")
    }

    @Test func aLineBreakInAnAssetNameInTheCSVIsRefusedNamingIt() throws {
        let tool = try HostileInputTests.portfolio()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("values.csv").path
        try "asset,platform,currency,value\n\"World\nFund\",,USD,1\n".write(toFile: file, atomically: true, encoding: .utf8)
        try expectRefused(tool, ["import", "2026-03-31", file], says: "the asset name \"World\\u{A}Fund\" has a line break (\\u{A}) at character 6")
    }

    @Test func theDay22000101IsRefusedAsTheOtherToolsStopAt2199() throws {
        let tool = try HostileInputTests.portfolio()
        defer { tool.remove() }
        try expectRefused(tool, ["snapshot", "create", "2200-01-01"], says: "from 1900 to 2199")
        try tool.ok("snapshot", "create", "2199-12-31")
    }
}
