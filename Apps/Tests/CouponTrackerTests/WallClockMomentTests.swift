import CommandLineTestSupport
import Foundation
import Testing

/// `--now` is read on the user's wall clock: every second of it, in any zone and year,
/// and a time the clocks skip is refused rather than moved.
@Suite struct WallClockMomentTests {
    static func run(_ tool: CouponTrackerProcess, zone: String, _ arguments: [String]) throws -> ToolProcess.Output {
        try ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": zone])
            .run(arguments + ["--store", tool.store])
    }

    @Test func aTimeWithSecondsIn1900IsReadWhereTheOffsetThenHadSeconds() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        // Asia/Kolkata was +05:53:20 in 1900.
        let output = try Self.run(tool, zone: "Asia/Kolkata", ["add", "--template", "Gold Card", "--now", "1900-06-01T05:00:30"])
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test func aTimeTheClocksSkipIsRefusedNamingTheChange() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let output = try Self.run(tool, zone: "America/New_York", ["add", "--template", "Gold Card", "--now", "2026-03-08T02:30"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("'2026-03-08T02:30' does not exist in America/New_York: the clocks went from 02:00 to 03:00"),
                "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func aTimeTheClocksShowTwiceIsRefusedNamingBothReadings() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let output = try Self.run(tool, zone: "America/New_York", ["add", "--template", "Gold Card", "--now", "2026-11-01T01:30"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("'2026-11-01T01:30' happened twice in America/New_York: the clocks went back from 02:00 to 01:00"),
                "\(output.stderr)")
        #expect(output.stderr.contains("'2026-11-01 01:30 -04:00' for the first, '2026-11-01 01:30 -05:00' for the second"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test func aRepeatedTimeGivenWithItsOffsetIsTaken() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let output = try Self.run(tool, zone: "America/New_York", ["add", "--template", "Gold Card", "--now", "2026-11-01 01:30 -05:00"])
        #expect(output.status == 0, "\(output.stderr)")
    }
}
