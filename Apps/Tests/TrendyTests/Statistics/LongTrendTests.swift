import Foundation
import Testing
import Trendy

/// A trend over more periods than its column holds shows runs of periods over the whole
/// range, the newest included, rather than the oldest periods alone.
@Suite struct LongTrendTests {
    @Test func runsAreCountedFromTheEndSoTheNewestAreWhole() {
        let grouped = TerminalChart.grouped([1, 1, 1, 1, 1, 1, 1], into: 3)
        #expect(grouped.size == 3)
        #expect(grouped.sums == [1, 3, 3])
    }

    @Test func aTrendThatFitsIsLeftAsItIs() {
        let grouped = TerminalChart.grouped([0, 2, 5], into: 40)
        #expect(grouped.size == 1 && grouped.sums == [0, 2, 5])
    }

    @Test func aTrendLongerThanItsColumnShowsTheNewestPeriodsGroupedNotCutOff() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Run")
        try tool.ok("log", "Run", "--at", "2028-02-29 08:00")
        let stats = try tool.ok("stats", "--from", "2027-01-01", "--to", "2028-03-01")
        #expect(stats.contains("(the trend: a mark per 11 days, the newest on the right)"), "\(stats)")
        let row = try #require(stats.split(separator: "\n").first { $0.hasPrefix("Run") })
        #expect(row.contains("█") && !row.contains("…"), "\(stats)")
    }
}
