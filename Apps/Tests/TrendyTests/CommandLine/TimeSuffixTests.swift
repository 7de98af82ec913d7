import CommandLineTestSupport
import Foundation
import Testing

/// A time is one of the forms the help names: anything after it (a letter, a zone's
/// abbreviation, an offset on a day without a time) is refused, never dropped with the
/// time then read on the local clock; `Z` is UTC, as in the exports.
@Suite struct TimeSuffixTests {
    func newYork(_ tool: TrendyProcess) -> ToolProcess {
        ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "America/New_York"])
    }

    @Test(arguments: ["2026-03-01 08:30 banana", "2026-03-01 08:30 EST", "2026-03-01 -05:00", "08:30Z", "2026-03-01x"])
    func wordsOrAnOffsetAfterTheFormsAreRefusedNotDropped(_ time: String) throws {
        let tool = try TrendyProcess()
        _ = try newYork(tool).run(["types", "add", "Water", "--store", tool.store])
        let output = try newYork(tool).run(["log", "Water", "--at", time, "--store", tool.store])
        #expect(output.status != 0, "\(time): \(output.stdout)")
        #expect(output.stderr.contains("is not a time: write 2026-03-01"), "\(time): \(output.stderr)")
    }

    @Test func aTimeEndingInZIsTakenInUTC() throws {
        let tool = try TrendyProcess()
        _ = try newYork(tool).run(["types", "add", "Water", "--store", tool.store])
        for time in ["2026-03-01T08:30Z", "2026-03-01T09:30:00Z"] {
            let output = try newYork(tool).run(["log", "Water", "--at", time, "--store", tool.store])
            #expect(output.status == 0, "\(time): \(output.stderr)")
        }
        let utc = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let listed = try utc.run(["list", "--store", tool.store])
        #expect(listed.stdout.contains("2026-03-01 08:30") && listed.stdout.contains("2026-03-01 09:30"), "\(listed.stdout)")
    }
}
