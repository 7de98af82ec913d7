import CommandLineTestSupport
import Foundation
import Testing

/// An export always imports again: a time logged on the first day of the years Trendy
/// keeps, in a zone ahead of UTC, is in the year before them in the export's UTC.
@Suite struct EdgeYearExportTests {
    @Test func anExportOfATimeOnTheFirstDayLoggedInTokyoImportsAgain() throws {
        let tool = try TrendyProcess()
        let tokyo = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "Asia/Tokyo"])
        let first = tool.file("first.store"), second = tool.file("second.store"), backup = tool.file("backup.json")
        for arguments in [["types", "add", "Water"], ["log", "Water", "--at", "1900-01-01 05:00"], ["export", "--output", backup]] {
            let output = try tokyo.run(arguments + ["--store", first])
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
        }
        #expect(try String(contentsOfFile: backup, encoding: .utf8).contains("1899-12-31T20:00:00.000Z"))
        let imported = try tokyo.run(["import", backup, "--store", second])
        #expect(imported.status == 0, "\(imported.stderr)")
    }
}

/// A time the clocks skip is refused naming the change, as coupontracker and cardshow refuse it.
@Suite struct SkippedTimeTests {
    @Test func aTimeTheClocksSkipIsRefusedNamingTheChange() throws {
        let tool = try TrendyProcess()
        let newYork = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "America/New_York"])
        _ = try newYork.run(["types", "add", "Water", "--store", tool.store])
        let output = try newYork.run(["log", "Water", "--at", "2026-03-08 02:30", "--store", tool.store])
        #expect(output.status != 0)
        #expect(output.stderr.contains("does not exist in America/New_York: the clocks went from 02:00 to 03:00"), "\(output.stderr)")
    }
}
