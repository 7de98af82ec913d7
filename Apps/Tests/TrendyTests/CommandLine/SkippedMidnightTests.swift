import CommandLineTestSupport
import Foundation
import Testing

/// A day given alone is the day's start, which is not always 00:00: in a zone whose clocks
/// skip midnight on a change to daylight saving time (America/Havana on 2026-03-08 goes from
/// 00:00 to 01:00), the day is real and begins at 01:00.
@Suite struct SkippedMidnightTests {
    @Test func aDayWhoseMidnightTheClocksSkipIsTakenAsItsFirstHourNotRefused() throws {
        let tool = try TrendyProcess()
        let havana = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "America/Havana"])
        _ = try havana.run(["types", "add", "Water", "--store", tool.store])
        let logged = try havana.run(["log", "Water", "--at", "2026-03-08", "--store", tool.store])
        #expect(logged.status == 0, "\(logged.stderr)")
        let utc = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let listed = try utc.run(["list", "--store", tool.store])
        // 01:00 in Havana on the first day of daylight saving time (-04:00).
        #expect(listed.stdout.contains("2026-03-08 05:00"), "\(listed.stdout)")
    }

    @Test func aRangeOfADayWhoseMidnightIsSkippedHoldsTheWholeDayAndNoMore() throws {
        let tool = try TrendyProcess()
        let havana = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "America/Havana"])
        _ = try havana.run(["types", "add", "Water", "--store", tool.store])
        for at in ["2026-03-07 23:30", "2026-03-08 01:00", "2026-03-08 23:30", "2026-03-09 00:00"] {
            let logged = try havana.run(["log", "Water", "--at", at, "--store", tool.store])
            #expect(logged.status == 0, "\(logged.stderr)")
        }
        let listed = try havana.run(["list", "--from", "2026-03-08", "--to", "2026-03-08", "--store", tool.store])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("2026-03-08 01:00") && listed.stdout.contains("2026-03-08 23:30"), "\(listed.stdout)")
        #expect(!listed.stdout.contains("2026-03-07") && !listed.stdout.contains("2026-03-09"), "\(listed.stdout)")
    }
}
