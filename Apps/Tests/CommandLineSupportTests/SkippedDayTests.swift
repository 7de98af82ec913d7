import CommandLineTestSupport
import Foundation
import Testing

/// A day a zone skipped whole (Pacific/Kiritimati went from 1994-12-30 to 1995-01-01, moving
/// across the date line) is refused by every tool that reads a day, in words that say the
/// zone skipped it, not that it is no day of the calendar.
@Suite struct SkippedDayTests {
    private static let words = "is a day Pacific/Kiritimati skipped: its clocks went from 1994-12-30 straight to 1995-01-01"

    @Test(arguments: ["1994-12-31", "1994-12-31 10:00"])
    func trendyNamesADayTheZoneSkippedWhole(_ at: String) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "Pacific/Kiritimati"])
        #expect(try trendy.run(["types", "add", "Water", "--store", folder + "/s.store"]).status == 0)
        let refused = try trendy.run(["log", "Water", "--at", at, "--store", folder + "/s.store"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains(Self.words), "\(refused.stderr)")
    }

    @Test func coupontrackerNamesADayTheZoneSkippedWhole() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/w.store"
        #expect(try ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"]).run(["demo", "--store", store]).status == 0)
        let kiritimati = ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": folder, "TZ": "Pacific/Kiritimati"])
        let refused = try kiritimati.run(["cards", "--now", "1994-12-31", "--store", store])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains(Self.words), "\(refused.stderr)")
    }

    /// A time on the dealer's clock; a day alone is a day of the calendar to cardshow, not read on a clock.
    @Test func cardshowNamesADayTheZoneSkippedWhole() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cardshow = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": folder, "TZ": "Pacific/Kiritimati"])
        let refused = try cardshow.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58/102",
                                        "--acquired", "1994-12-31 10:00", "--store", folder + "/c.store"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains(Self.words), "\(refused.stderr)")
    }
}
