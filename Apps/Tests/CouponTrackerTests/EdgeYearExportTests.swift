import CommandLineTestSupport
import Foundation
import Testing

/// An export always imports again: a use recorded on the first day of the years the
/// wallet keeps, in a zone ahead of UTC, is in the year before them in the export's UTC.
@Suite struct EdgeYearExportTests {
    @Test func anExportOfAUseOnTheFirstDayRecordedInTokyoImportsAgain() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let tokyo = ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "Asia/Tokyo"])
        let other = tool.directory.appendingPathComponent("other.store").path
        let file = tool.directory.appendingPathComponent("wallet.json").path
        for arguments in [["add", "--template", "Gold Card", "--now", "1900-01-01T05:00"], ["use", "Uber Cash", "--now", "1900-01-01T05:00"],
                          ["export", "--output", file, "--now", "1900-01-01T05:00"]] {
            let output = try tokyo.run(arguments + ["--store", tool.store])
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("1899-12-31T20:00:00"))
        let imported = try tokyo.run(["import", file, "--store", other])
        #expect(imported.status == 0, "\(imported.stderr)")
    }
}
