import Foundation
import Testing
import Trendy

/// Reading iCalendar files (RFC 5545): lines, text, dates, zones, and errors that name the line.
@Suite struct ICSParsingTests {
    typealias F = Fixtures

    @Test func foldedLinesAreJoinedWithoutTheirLeadingSpaceOrTab() throws {
        let text = ICSText.calendar(["BEGIN:VEVENT", "UID:a", "DTSTART:20260301T080000Z", "SUMMARY:Morning r", " un in th", "\te park", "END:VEVENT"])
        #expect(try ICSText.read(text).map(\.summary) == ["Morning run in the park"])
    }

    @Test func escapedTextIsUnescaped() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T080000Z", #"DESCRIPTION:Bring: water\, towel\; shoes\nBack \\ front"#],
                                                  summary: #"Gym\, legs"#))
        let occurrence = try #require(try ICSText.read(text).first)
        #expect(occurrence.summary == "Gym, legs")
        #expect(occurrence.details == "Bring: water, towel; shoes\nBack \\ front")
    }

    /// The fortieth pass: a value that began with a variation selector or an accent made one
    /// character with the colon before it, and the whole calendar was refused ("is not a
    /// calendar property").
    @Test func aValueBeginningWithACombiningMarkIsReadAfterItsColon() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T080000Z", "DESCRIPTION:\u{FE0F} note"],
                                                  summary: "\u{301}gym"))
        let occurrence = try #require(try ICSText.read(text).first)
        #expect(occurrence.summary.unicodeScalars.elementsEqual("\u{301}gym".unicodeScalars))
        #expect(occurrence.details?.unicodeScalars.elementsEqual("\u{FE0F} note".unicodeScalars) == true)
    }

    @Test func aRecurrencePartBeginningWithACombiningMarkIsNamedAsItIs() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T080000Z", "RRULE:FREQ=DAILY;\u{301}COUNT=3"]))
        #expect { try ICSText.read(text) } throws: { error in
            !"\(error)".contains("is not supported (DAILY")
        }
    }

    @Test func aDateStartIsAnAllDayEventKeptAsItsDateWhateverTheUsersZone() throws {
        let zone = F.zone("Asia/Tokyo")
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART;VALUE=DATE:20260301", "DTEND;VALUE=DATE:20260303"]))
        let occurrence = try #require(try ICSText.read(text, zone: zone).first)
        #expect(occurrence.isAllDay)
        // The start of the date in UTC, not midnight in Tokyo (2026-02-28T15:00Z), which is the 28th elsewhere.
        #expect(occurrence.start == F.utc(2026, 3, 1))
        #expect(occurrence.end == F.utc(2026, 3, 3))
        #expect(occurrence.start(in: F.calendar(zone)) == F.utc(2026, 2, 28, 15))
    }

    @Test func anAllDayEventWithoutAnEndLastsOneDay() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART;VALUE=DATE:20260301"]))
        #expect(try ICSText.read(text).first?.end == F.utc(2026, 3, 2))
    }

    @Test func aUTCTimeIsReadAsItIs() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T083015Z", "DTEND:20260301T093015Z"]))
        let occurrence = try #require(try ICSText.read(text, zone: F.zone("America/Chicago")).first)
        #expect(occurrence.start == F.utc(2026, 3, 1, 8, 30, 15))
        #expect(occurrence.end == F.utc(2026, 3, 1, 9, 30, 15))
        #expect(!occurrence.isAllDay)
    }

    @Test func aTZIDTheTimeZoneDatabaseKnowsPlacesTheTime() throws {
        // New York is UTC-5 in January and UTC-4 in July.
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART;TZID=America/New_York:20260115T090000"])
                                    + ICSText.event(uid: "b", ["DTSTART;TZID=America/New_York:20260715T090000"]))
        #expect(try ICSText.read(text).map(\.start) == [F.utc(2026, 1, 15, 14), F.utc(2026, 7, 15, 13)])
    }

    @Test func aTZIDDefinedOnlyByTheFilesVTIMEZONEUsesItsRules() throws {
        // RFC 5545's example zone (3.6.5), renamed so that only the file defines it.
        let zone = ["BEGIN:VTIMEZONE", "TZID:Custom Eastern", "BEGIN:STANDARD", "DTSTART:20071104T020000",
                    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "TZNAME:EST", "END:STANDARD",
                    "BEGIN:DAYLIGHT", "DTSTART:20070311T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "TZOFFSETFROM:-0500",
                    "TZOFFSETTO:-0400", "TZNAME:EDT", "END:DAYLIGHT", "END:VTIMEZONE"]
        // 2026: daylight time from March 8 to November 1.
        let text = ICSText.calendar(zone + ICSText.event(uid: "a", ["DTSTART;TZID=Custom Eastern:20260307T120000"])
                                    + ICSText.event(uid: "b", ["DTSTART;TZID=Custom Eastern:20260309T120000"])
                                    + ICSText.event(uid: "c", ["DTSTART;TZID=\"Custom Eastern\":20261102T120000"]))
        #expect(try ICSText.read(text).map(\.start) == [F.utc(2026, 3, 7, 17), F.utc(2026, 3, 9, 16), F.utc(2026, 11, 2, 17)])
    }

    /// `TZOFFSETTO:+9959` was taken as 99 hours and 59 minutes, and moved the zone's events four days.
    @Test(arguments: ["+9959", "+2400", "-0160", "+010060"])
    func aZoneOffsetOutOfItsRangeIsRefusedOnItsLine(offset: String) throws {
        let zone = ["BEGIN:VTIMEZONE", "TZID:Custom", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100",
                    "TZOFFSETTO:\(offset)", "END:STANDARD", "END:VTIMEZONE"]
        let text = ICSText.calendar(zone + ICSText.event(uid: "a", ["DTSTART;TZID=Custom:20260307T120000"]))
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == 9 && "\(error)".contains("TZOFFSETTO \"\(offset)\" is not an offset: its hours go from 00 to 23")
        }
    }

    @Test func aFloatingTimeIsInTheUsersZone() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T090000"]))
        #expect(try ICSText.read(text, zone: F.zone("Europe/Paris")).first?.start == F.utc(2026, 3, 1, 8))
    }

    @Test func aDurationGivesTheEnd() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T090000Z", "DURATION:PT1H30M"]))
        #expect(try ICSText.read(text).first?.end == F.utc(2026, 3, 1, 10, 30))
    }

    /// A DURATION of `Int.max` weeks overflowed its sum of seconds and stopped the process.
    @Test func aDurationTooLongToCountInSecondsIsRefusedOnItsLine() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T090000Z", "DURATION:P9223372036854775807W"]))
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == 9 && "\(error)".contains("DURATION \"P9223372036854775807W\" is longer than any event Trendy keeps")
        }
    }

    /// An event ending in 9999 was stored, and its export was then refused by `trendy import`,
    /// which takes no time past 2199.
    @Test(arguments: ["DTEND:99991231T080000Z", "DURATION:PT9223372036854775807S"])
    func anEventEndingAfterTheYearsTrendyKeepsIsRefusedNamingTheYear(end: String) throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T090000Z", end]))
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == 9 && "\(error)".contains("the VEVENT \"a\" ends in the year ")
                && "\(error)".contains(": Trendy keeps events from 1900 to 2199")
        }
    }

    @Test func aCancelledEventIsLeftOut() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T090000Z", "STATUS:CANCELLED"]))
        #expect(try ICSText.read(text).isEmpty)
    }

    @Test func aLineWithoutAColonIsReportedWithItsLineNumber() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T090000Z", "LOCATION Gym"]))
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == 9 && "\(error)".contains("LOCATION Gym")
        }
    }

    @Test func aBadDateIsReportedWithItsLineNumber() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260231T090000Z"]))
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == 8 && "\(error)".contains("20260231T090000Z")
        }
    }

    @Test(arguments: ["DTSTART;VALUE=DATE-TIME:20260301", "DTSTART;VALUE=DATE:20260301T090000Z"])
    func aValueTypeTheValueDoesNotHaveIsRefusedOnItsLine(_ start: String) throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", [start]))
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == 8 && "\(error)".contains("DTSTART says VALUE=")
        }
    }

    /// Issue 33's twenty-first pass: a calendar saved with CR-only line ends (the old Mac's)
    /// was one line, refused as beginning with "BEGIN:VCALENDAR\u{D}VERSION:2.0…". Its lines
    /// are read, folded ones too, and a problem named on the line a text editor shows.
    @Test func aCalendarWithCROnlyLineEndsIsReadLineByLine() throws {
        let good = ICSText.calendar(["BEGIN:VEVENT", "UID:a", "SUMMARY:Morning r", " un", "DTSTART:20260301T090000Z", "END:VEVENT"],
                                    lineEnding: "\r")
        #expect(try ICSText.read(good).map(\.summary) == ["Morning run"])
        let bad = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260231T090000Z"]), lineEnding: "\r")
        #expect { try ICSText.read(bad) } throws: { error in
            (error as? ICSError)?.line == 8 && "\(error)".contains("20260231T090000Z")
        }
    }

    @Test func aFileCutShortNamesTheComponentLeftOpen() throws {
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:a", "DTSTART:20260301T090000Z"].joined(separator: "\r\n")
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == 3 && "\(error)".contains("BEGIN:VEVENT is never closed")
        }
    }

    /// Was "Imported 0 events." (or the outer event alone): an event inside another component
    /// was left out without a word.
    @Test(arguments: ["VEVENT", "VTODO", "VCALENDAR"])
    func anEventInsideAnotherComponentIsRefusedNamingItsLine(_ outer: String) throws {
        let outerLines = outer == "VEVENT" ? ["BEGIN:VEVENT", "UID:outer", "DTSTART:20260301T090000Z"] : ["BEGIN:\(outer)", "UID:outer"]
        let text = ICSText.calendar(outerLines + ICSText.event(uid: "inner", ["DTSTART:20260302T090000Z"]) + ["END:\(outer)"])
        let innerLine = 4 + outerLines.count
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == innerLine && "\(error)".contains("BEGIN:VEVENT is inside BEGIN:\(outer) of line 4")
        }
    }

    /// Was the first read and the second left out without a word: a second DTSTART's event,
    /// a second RRULE's repeats, a DURATION beside DTEND.
    @Test(arguments: [["DTSTART:20260301T090000Z", "DTSTART:20260305T090000Z"],
                      ["DTSTART:20260301T090000Z", "RRULE:FREQ=DAILY;COUNT=2", "RRULE:FREQ=WEEKLY;COUNT=2"],
                      ["DTSTART:20260301T090000Z", "DTEND:20260301T100000Z", "DURATION:PT2H"]])
    func aPropertyAnEventHasOnceGivenTwiceIsRefusedNamingItsLines(_ properties: [String]) throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", properties))
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == 9 + properties.count - 2
                && ("\(error)".contains("twice (lines") || "\(error)".contains("has both DTEND (line 9) and DURATION (line 10)"))
        }
    }

    @Test func aMismatchedEndIsReportedWithItsLineNumber() throws {
        let text = ICSText.calendar(["BEGIN:VEVENT", "UID:a", "DTSTART:20260301T090000Z", "END:VTODO"])
        #expect { try ICSText.read(text) } throws: { error in (error as? ICSError)?.line == 7 }
    }

    @Test func anUnknownTimeZoneIsReportedWithItsLineNumber() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART;TZID=Nowhere Standard Time:20260301T090000"]))
        #expect { try ICSText.read(text) } throws: { error in
            (error as? ICSError)?.line == 8 && "\(error)".contains("Nowhere Standard Time")
        }
    }

    @Test func aColonInsideAQuotedParameterBelongsToTheParameter() throws {
        let text = ICSText.calendar(ICSText.event(uid: "a", ["DTSTART:20260301T090000Z", #"DESCRIPTION;ALTREP="http://example.com/a:b":See notes"#]))
        #expect(try ICSText.read(text).first?.details == "See notes")
    }
}
