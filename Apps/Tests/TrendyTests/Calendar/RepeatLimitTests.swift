import Foundation
import Testing
import Trendy

/// A recurring event is read at most `mostRepeatsPerEvent` times within the range; the
/// rest are counted, not made into events.
@Suite struct RepeatLimitTests {
    static let threeCenturies = DateInterval(start: Fixtures.utc(1900, 1, 1), end: Fixtures.utc(2200, 1, 1))
    static let daily = ICSText.calendar(ICSText.event(uid: "daily@test", ["DTSTART:19000101T090000Z", "RRULE:FREQ=DAILY"]))

    @Test func aDailyRuleOverThreeCenturiesReadsTheMostRepeatsAnEventMayHave() throws {
        let reading = try ICSCalendarReader.read(Self.daily, window: Self.threeCenturies, timeZone: Fixtures.utc)
        #expect(reading.occurrences.count == ICSCalendarReader.mostRepeatsPerEvent)
    }

    @Test func theRepeatsPastTheMostAreCountedFromTheFirstLeftOut() throws {
        let reading = try ICSCalendarReader.read(Self.daily, window: Self.threeCenturies, timeZone: Fixtures.utc)
        let days = Int(Self.threeCenturies.duration / 86_400)
        let limit = ICSCalendarReader.mostRepeatsPerEvent
        let leftOut = try #require(reading.leftOut.first)
        #expect(reading.leftOut.count == 1)
        #expect(leftOut.uid == "daily@test")
        #expect(leftOut.count == days - limit)
        #expect(leftOut.firstLeftOut == Fixtures.utc(1900, 1, 1, 9).addingTimeInterval(Double(limit) * 86_400))
    }

    @Test func aRuleWithinTheMostLeavesNothingOut() throws {
        let reading = try ICSCalendarReader.read(Self.daily, window: DateInterval(start: Fixtures.utc(1900, 1, 1), end: Fixtures.utc(1901, 1, 1)),
                                                 timeZone: Fixtures.utc)
        #expect(reading.occurrences.count == 365)
        #expect(reading.leftOut.isEmpty)
    }
}
