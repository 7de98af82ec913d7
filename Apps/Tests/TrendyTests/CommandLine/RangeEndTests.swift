import Foundation
import Testing

/// `--to` given as a day includes that day; given as a time, it ends at that time, midnight too.
@Suite struct RangeEndTests {
    static func store() throws -> TrendyProcess {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Run")
        try tool.ok("log", "Run", "--at", "2028-02-28 08:00")
        try tool.ok("log", "Run", "--at", "2028-02-29 08:00")
        return tool
    }

    @Test func aRangeEndingAtMidnightGivenAsATimeEndsThenNotADayLater() throws {
        let tool = try Self.store()
        let listed = try tool.ok("list", "--from", "2028-02-28", "--to", "2028-02-29 00:00")
        #expect(listed.contains("2028-02-28 08:00") && !listed.contains("2028-02-29 08:00"), "\(listed)")
    }

    @Test func aRangeEndingWithADayAloneIncludesTheWholeOfThatDay() throws {
        let tool = try Self.store()
        let listed = try tool.ok("list", "--from", "2028-02-28", "--to", "2028-02-29")
        #expect(listed.contains("2028-02-28 08:00") && listed.contains("2028-02-29 08:00"), "\(listed)")
    }
}
