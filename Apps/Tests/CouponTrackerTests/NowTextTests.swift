import CommandLineTestSupport
import Foundation
import Testing

/// Issue 33's nineteenth pass: `--now` read an ISO 8601 moment with Foundation's parser,
/// which reads a moment and stops, so text after the zone and offsets no zone has were
/// taken (the other tools' time options refuse them).
@Suite("coupontracker's --now refuses what follows a moment")
struct NowTextTests {
    @Test func aNowWithTextAfterItsZoneOrAnOffsetNoZoneHasIsRefused() throws {
        for now in ["2026-03-02T08:00:00Zjunk", "2026-03-02T08:00:00+01:99", "2026-03-02T08:00:00+25:00"] {
            try BadInputTests().expectRefused(BadInput("\(now) as --now", ["benefits", "--now", now], says: now))
        }
    }
}
