@testable import CommandLineSupport
import Foundation
import Testing

/// A POSIX `TZ` with summer-time rules, read as the C library reads it.
@Suite struct POSIXTimeZoneRuleTests {
    /// Each rule's changes from December 2023 to early 2028, as glibc's `localtime` gives them
    /// (found by `time.localtime(t).tm_gmtoff` under each `TZ`, bisected to the second): the
    /// instant of the change, and the offsets (seconds east of UTC) before and after it. The
    /// forms: `Mm.w.d` (the last week too), `Jn`, `n` (a leap year's day 300 is October 28),
    /// names in angle brackets, offsets with minutes, change times past 24 hours,
    /// negative, and `/2:00:00`; the southern hemisphere; and summer time all year but the
    /// hour glibc's year in UTC leaves at its end.
    static let changes: [(String, [(Int, Int, Int)])] = [
        ("EST5EDT,M3.2.0,M11.1.0", [(1710054000, -18000, -14400), (1730613600, -14400, -18000), (1741503600, -18000, -14400), (1762063200, -14400, -18000), (1772953200, -18000, -14400), (1793512800, -14400, -18000), (1805007600, -18000, -14400), (1825567200, -14400, -18000)]),
        ("CET-1CEST,M3.5.0,M10.5.0/3", [(1711846800, 3600, 7200), (1729990800, 7200, 3600), (1743296400, 3600, 7200), (1761440400, 7200, 3600), (1774746000, 3600, 7200), (1792890000, 7200, 3600), (1806195600, 3600, 7200), (1824944400, 7200, 3600)]),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", [(1712419200, 39600, 36000), (1728144000, 36000, 39600), (1743868800, 39600, 36000), (1759593600, 36000, 39600), (1775318400, 39600, 36000), (1791043200, 36000, 39600), (1806768000, 39600, 36000), (1822492800, 36000, 39600)]),
        ("<+0330>-3:30<+0430>,J79/24,J263/24", [(1710966600, 12600, 16200), (1726860600, 16200, 12600), (1742502600, 12600, 16200), (1758396600, 16200, 12600), (1774038600, 12600, 16200), (1789932600, 16200, 12600), (1805574600, 12600, 16200), (1821468600, 16200, 12600)]),
        ("XXX3YYY,J60/-1,300/26", [(1709258400, -10800, -7200), (1730088000, -7200, -10800), (1740794400, -10800, -7200), (1761710400, -7200, -10800), (1772330400, -10800, -7200), (1793246400, -7200, -10800), (1803866400, -10800, -7200), (1824782400, -7200, -10800)]),
        ("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", [(1711846800, -10800, -7200), (1729990800, -7200, -10800), (1743296400, -10800, -7200), (1761440400, -7200, -10800), (1774746000, -10800, -7200), (1792890000, -7200, -10800), (1806195600, -10800, -7200), (1824944400, -7200, -10800)]),
        ("AAA-1BBB,J1/0,J365/25", [(1704063600, 7200, 3600), (1704067200, 3600, 7200), (1735686000, 7200, 3600), (1735689600, 3600, 7200), (1767222000, 7200, 3600), (1767225600, 3600, 7200), (1798758000, 7200, 3600), (1798761600, 3600, 7200), (1830294000, 7200, 3600), (1830297600, 3600, 7200)]),
        ("NZST-12NZDT-13,M9.5.0/2:00:00,M4.1.0/3", [(1712412000, 46800, 43200), (1727532000, 43200, 46800), (1743861600, 46800, 43200), (1758981600, 43200, 46800), (1775311200, 46800, 43200), (1790431200, 43200, 46800), (1806760800, 46800, 43200), (1821880800, 43200, 46800)]),
    ]

    /// Issue 33's twentieth pass: such a `TZ` was warned of and read as UTC.
    @Test func eachInstantHasTheOffsetTheCLibraryGivesIt() throws {
        for (text, changes) in Self.changes {
            let rule = try #require(POSIXTimeZoneRule(text), "\(text)")
            for (index, (instant, before, after)) in changes.enumerated() {
                #expect(rule.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant - 1))) == before, "\(text) before \(instant)")
                #expect(rule.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) == after, "\(text) at \(instant)")
                // No change of its own between two of the C library's.
                if index + 1 < changes.count {
                    let middle = (instant + changes[index + 1].0) / 2
                    #expect(rule.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(middle))) == after, "\(text) at \(middle)")
                }
            }
        }
    }

    @Test(arguments: ["Europe/Paris", "EST5", "UTC+3", "EST5EDT", "CET-1CEST", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0",
                      "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,J0,J365", "EST5EDT,366,0", "EST5EDT,M3.2.0/168,M11.1.0", "ES5EDT,M3.2.0,M11.1.0",
                      "EST5EDT,M3.2.0,M11.1.0x", "EST25EDT,M3.2.0,M11.1.0", ""])
    func aTextThatIsNoSuchRuleIsNotReadAsOne(_ text: String) {
        #expect(POSIXTimeZoneRule(text) == nil)
    }
}
