import MomentText
import Testing

/// The one rule for moments every tool reads: a real day from 1900 to 2199, a time of day to 23:59:59.
@Suite struct MomentTextTests {
    @Test func theHour24IsNotATimeOfDay() {
        #expect(!MomentText.hasValidTimeOfDay("2026-01-01T24:00:00Z"))
        #expect(!MomentText.hasValidTimeOfDay("2026-01-01 24:00"))
        #expect(!MomentText.hasValidTimeOfDay("20260101T240000"))
        #expect(!MomentText.hasValidTimeOfDay("2026-01-01T23:60"))
        #expect(!MomentText.hasValidTimeOfDay("2026-01-01T23:59:60Z"))
        #expect(MomentText.hasValidTimeOfDay("2026-01-01T23:59:59.999Z"))
        #expect(MomentText.hasValidTimeOfDay("2026-01-01T00:00:00+05:30"))
        #expect(MomentText.hasValidTimeOfDay("2026-01-01"))
    }

    @Test func daysOutside1900To2199OrThatDoNotExistAreNotMoments() {
        #expect(!MomentText.isPlausible("2300-01-01T00:00:00.000Z"))
        #expect(!MomentText.isPlausible("1899-12-31T23:59:59Z"))
        #expect(!MomentText.isPlausible("2026-02-29T08:00:00Z"))
        #expect(MomentText.isPlausible("2028-02-29T08:00:00Z"))
        #expect(MomentText.isPlausible("2199-12-31T23:59:59Z"))
        #expect(MomentText.isPlausible("1900-01-01"))
    }

    @Test func anExportedMomentMayFallOnTheDayBeforeOrAfterTheYears() {
        #expect(MomentText.isPlausibleExported("1899-12-31T20:00:00Z"))
        #expect(MomentText.isPlausibleExported("2200-01-01T07:59:59.000Z"))
        #expect(!MomentText.isPlausible("1899-12-31T20:00:00Z"))
    }

    @Test func anExportedMomentTwoDaysOutsideTheYearsIsRefused() {
        #expect(!MomentText.isPlausibleExported("1899-12-30T20:00:00Z"))
        #expect(!MomentText.isPlausibleExported("2200-01-02T00:00:00Z"))
        #expect(!MomentText.isPlausibleExported("2200-01-01T24:00:00Z"))
    }
}

/// Issue 33's nineteenth pass: Foundation's parsers read a moment and stop, so an imported
/// date with text after its zone, or an offset no zone has, was read as another moment.
@Suite struct MomentTextEndTests {
    @Test func aMomentWithTextAfterItsZoneOrAnOffsetNoZoneHasIsNotOne() {
        for text in ["2026-01-18T09:30:00.000Zjunk", "2026-01-18T09:30:00.000ZZ", "2026-01-18T09:30:00Z\u{0}",
                     "2026-01-18T09:30:00.000+01:99", "2026-01-18T09:30:00.000+25:00", "2026-01-18T09:30:00.000+14:01",
                     "2026-01-18T09:30:00.-01Z", "2026-01-18T09:30:00.Z", "2026-01-18T09:30:00+1", "2026-01-18T09:30:00+01:0",
                     "2026-01-18junk", "2026-01-18T09:30:00+01:00x"] {
            #expect(!MomentText.isPlausibleExported(text), "\(text)")
            #expect(!MomentText.isPlausible(text), "\(text)")
        }
        for text in ["2026-01-18T09:30:00.000Z", "2026-01-18T09:30:00Z", "2026-01-18T09:30:00.123456789Z", "2026-01-18t09:30:00z",
                     "2026-01-18T09:30:00+01:00", "2026-01-18T09:30:00.5-05:30", "2026-01-18T09:30:00+0100", "2026-01-18T09:30:00+01",
                     "2026-01-18T09:30:00+14:00", "2026-01-18T09:30:00-00:00", "2026-01-18 09:30 -05:00", "2026-01-18T09:30:00.000Z ",
                     "2026-01-18T09:30", "2026-01-18"] {
            #expect(MomentText.isPlausibleExported(text), "\(text)")
        }
    }
}
