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
