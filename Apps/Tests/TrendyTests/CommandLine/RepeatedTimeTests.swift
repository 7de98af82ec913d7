import CommandLineTestSupport
import Foundation
import Testing

/// A time the clocks show twice (the end of daylight saving time) is refused naming both
/// readings, and either is taken written with its offset: as coupontracker and cardshow do.
@Suite struct RepeatedTimeTests {
    @Test func aTimeTheClocksShowTwiceIsRefusedNamingBothReadings() throws {
        let tool = try TrendyProcess()
        let newYork = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "America/New_York"])
        _ = try newYork.run(["types", "add", "Water", "--store", tool.store])
        let output = try newYork.run(["log", "Water", "--at", "2026-11-01 01:30", "--store", tool.store])
        #expect(output.status != 0)
        #expect(output.stderr.contains("'2026-11-01 01:30' happened twice in America/New_York: the clocks went back from 02:00 to 01:00"),
                "\(output.stderr)")
        #expect(output.stderr.contains("'2026-11-01 01:30 -04:00' for the first, '2026-11-01 01:30 -05:00' for the second"), "\(output.stderr)")
    }

    @Test func eachReadingOfARepeatedTimeIsTakenWithItsOffset() throws {
        let tool = try TrendyProcess()
        let newYork = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "America/New_York"])
        _ = try newYork.run(["types", "add", "Water", "--store", tool.store])
        for offset in ["-04:00", "-05:00"] {
            let output = try newYork.run(["log", "Water", "--at", "2026-11-01 01:30 \(offset)", "--store", tool.store])
            #expect(output.status == 0, "\(output.stderr)")
        }
        let utc = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let listed = try utc.run(["list", "--store", tool.store])
        #expect(listed.stdout.contains("2026-11-01 05:30") && listed.stdout.contains("2026-11-01 06:30"), "\(listed.stdout)")
    }
}
