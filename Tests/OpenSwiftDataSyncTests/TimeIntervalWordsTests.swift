import Foundation
import Testing
@testable import OpenSwiftDataSync

@Suite struct TimeIntervalWordsTests {
    @Test("a length of time is said to the nearest of its smallest unit", arguments: [
        (0.4, "0 seconds"), (1, "1 second"), (40, "40 seconds"), (59.6, "1 minute"), (25 * 60 + 20, "25 minutes"),
        (3600, "1 hour"), (2 * 3600 + 5 * 60 + 20, "2 hours 5 minutes"), (3 * 3600 - 0.2, "3 hours"),
        (3 * 86_400 - 0.2, "3 days"), (40 * 86_400, "40 days"), (800 * 86_400, "2 years"), (-5, "0 seconds"), (.nan, "0 seconds"),
    ] as [(Double, String)])
    func lengthIsSaidToTheNearestUnit(seconds: Double, words: String) {
        #expect(seconds.spokenLength == words)
    }
}
