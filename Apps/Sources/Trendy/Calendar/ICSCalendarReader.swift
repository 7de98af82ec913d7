import Foundation
import JSONText

/// Reads the events of an iCalendar file (RFC 5545) as occurrences: one per single
/// event, and one per instance of a recurring event that starts inside a window.
public enum ICSCalendarReader {
    /// The longest notes an event takes, as `BackupExchange` (and the other tools' imports).
    public static let longestText = 4_096

    /// The most repeats of one recurring event an import reads: a daily event over thirteen
    /// years. Past it, the rest are left out and counted (`CalendarReading.leftOut`), so
    /// that a rule of one line cannot make a hundred thousand events.
    public static let mostRepeatsPerEvent = 5_000

    /// The occurrences alone (see ``read(_:window:timeZone:)``).
    public static func occurrences(in text: String, window: DateInterval, timeZone: TimeZone) throws -> [CalendarOccurrence] {
        try read(text, window: window, timeZone: timeZone).occurrences
    }

    /// - Parameters:
    ///   - window: recurring events are expanded over it, at most ``mostRepeatsPerEvent`` each;
    ///     single events are read wherever they are.
    ///   - timeZone: where floating times are placed (the user's zone), and where an all-day date
    ///     begins for the window; the date itself is kept as it is (see ``AllDay``).
    public static func read(_ text: String, window: DateInterval, timeZone: TimeZone) throws -> CalendarReading {
        try read(Data(text.utf8), window: window, timeZone: timeZone)
    }

    /// Throws what ``read(_:window:timeZone:)`` throws when `start`, the first part of a larger
    /// file, already shows it is no calendar: its first content line is not BEGIN:VCALENDAR
    /// (a log, another program's file), or it is JSON (named by its first keys, as the whole
    /// read names it).
    public static func refuseStart(_ start: Data) throws {
        if let other = ForeignFile.jsonStartMismatch(start, expected: "a calendar file", form: "a calendar file (.ics) begins with BEGIN:VCALENDAR") {
            throw ICSError(line: 0, other)
        }
        var bytes = [UInt8](start)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // The first content line, with the blank lines before it, ends at a line break that no
        // continuation line (one beginning with a space or a tab) follows.
        guard let text = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return }
        var end = text
        while true {
            guard let lineFeed = bytes[end...].firstIndex(of: UInt8(ascii: "\n")), lineFeed + 1 < bytes.count else { return }
            end = lineFeed + 1
            if bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\t") { break }
        }
        guard let first = try ICSContentLine.lines(of: Array(bytes[..<end])).first else { return }
        try ICSComponent.requireBeginning(first)
    }

    /// The file's bytes, read as UTF-8 line by line after unfolding (a byte-order mark is dropped).
    public static func read(_ file: Data, window: DateInterval, timeZone: TimeZone) throws -> CalendarReading {
        var bytes = [UInt8](file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // JSON is named as what it is, rather than for its first line not being a calendar property.
        if let found = AppFile.identify(Data(bytes)) {
            throw ICSError(line: 0, "it is \(found.description) (a JSON file), not a calendar file: \(found.use)")
        }
        if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            throw ICSError(line: 0, "it looks like a JSON file (it begins with \"\(Character(Unicode.Scalar(first)))\"), not a calendar "
                           + "file: a calendar file (.ics) begins with BEGIN:VCALENDAR")
        }
        let calendar = try ICSComponent.calendar(from: bytes)
        var definitions: [String: ICSTimeZoneDefinition] = [:]
        for component in calendar.children where component.name == "VTIMEZONE" {
            let definition = try ICSTimeZoneDefinition(component)
            definitions[definition.identifier] = definition
        }
        let resolver = ICSZoneResolver(definitions: definitions, floating: timeZone)
        let events = calendar.children.filter { $0.name == "VEVENT" }

        // Instances moved or changed on their own (RECURRENCE-ID) replace the instance
        // of the recurring event they name.
        var overridden: Set<String> = []
        for event in events {
            if let uid = event.first("UID")?.text, let recurrenceID = event.first("RECURRENCE-ID") {
                overridden.insert(key(uid, try resolver.value(recurrenceID).instant))
            }
        }

        var result: [CalendarOccurrence] = []
        var leftOut: [LeftOutRepeats] = []
        for event in events {
            try Self.refuseRepeatedProperties(of: event)
            if event.first("STATUS")?.value.uppercased() == "CANCELLED" { continue }
            guard let uid = event.first("UID")?.text, !uid.isEmpty else {
                throw ICSError(line: event.line, "the VEVENT has no UID, which every calendar program writes")
            }
            guard let startLine = event.first("DTSTART") else { throw ICSError(line: event.line, "the VEVENT \"\(uid)\" has no DTSTART") }
            let start = try resolver.value(startLine)
            // Events only: a VTIMEZONE's rules start in 1601 in Outlook's files.
            if let year = WallClock.components(start.wall).year, !PlausibleDates.years.contains(year) {
                throw ICSError(line: startLine.line, "the VEVENT \"\(uid)\" starts in the year \(year): Trendy keeps events from "
                               + "\(PlausibleDates.years.lowerBound) to \(PlausibleDates.years.upperBound)")
            }
            let length = try duration(of: event, start: start, resolver: resolver)
            let summary = event.first("SUMMARY")?.text ?? ""
            let details = event.first("DESCRIPTION")?.text
            // The event's notes are its summary and description: at most as long as a
            // JSON import's notes, so that an export of them imports again.
            if uid.count > Self.longestText, let line = event.first("UID")?.line {
                throw ICSError(line: line, "the UID is \(uid.count) characters long; Trendy keeps at most 4,096 characters")
            }
            if summary.count > Self.longestText, let line = event.first("SUMMARY")?.line {
                throw ICSError(line: line, "the SUMMARY is \(summary.count) characters long; an event's notes hold at most 4,096 characters")
            }
            if let details, summary.count + 1 + details.count > Self.longestText, let line = event.first("DESCRIPTION")?.line {
                throw ICSError(line: line, "the SUMMARY and DESCRIPTION are \(summary.count + 1 + details.count) characters long together; "
                               + "an event's notes hold at most 4,096 characters")
            }
            func occurrence(at wall: Date) throws -> CalendarOccurrence {
                // A date (an all-day event) is kept as that date, the start of it in UTC (`AllDay`), which
                // its wall clock is, so that it is on its day in whatever zone it is read; a time is placed
                // in its zone. All-day lengths are whole days on the wall clock; timed ones exact seconds
                // (RFC 5545, 3.3.6).
                let placed = start.isDate ? wall : ICSDateValue(wall: wall, isDate: false, zone: start.zone).instant
                let end = length.map { placed.addingTimeInterval(TimeInterval($0)) }
                // An export writes the end as it writes the start, and an import takes neither outside these years.
                if let end, let year = WallClock.components(end).year, !PlausibleDates.years.contains(year) {
                    let line = (event.first("DTEND") ?? event.first("DURATION"))?.line ?? event.line
                    throw ICSError(line: line, "the VEVENT \"\(uid)\" ends in the year \(year): Trendy keeps events from "
                                   + "\(PlausibleDates.years.lowerBound) to \(PlausibleDates.years.upperBound)")
                }
                return CalendarOccurrence(uid: uid, start: placed, end: end, isAllDay: start.isDate,
                                          summary: summary, details: details, line: event.line)
            }
            // RDATE repeats an event without an RRULE too (RFC 5545, 3.8.5.2): its start, and each date listed.
            let ruleLine = event.first("RRULE")
            guard ruleLine != nil || event.first("RDATE") != nil, event.first("RECURRENCE-ID") == nil else {
                result.append(try occurrence(at: start.wall))
                continue
            }
            let rule = try ruleLine.map { try RecurrenceRule($0, zone: start.zone) }
            let exceptions = try event.all("EXDATE").flatMap { try resolver.values($0) }
            let excluded = Set(exceptions.map(\.instant))
            // A date (VALUE=DATE) of a timed event's exceptions takes out that day's instance, as
            // calendars read it: as a moment, its midnight, it matched no instance and took out none.
            let excludedDays = start.isDate ? [] : Set(exceptions.filter(\.isDate).map { Self.day(of: $0.wall) })
            // Wall times are at most 14 hours from UTC: a day past the window's end covers every zone.
            let stopAfter = window.end.addingTimeInterval(86_400)
            var walls = rule?.expand(startWall: start.wall, stopAfterWall: stopAfter, isPastUntil: { wall in
                guard let until = rule?.until else { return false }
                return ICSDateValue(wall: wall, isDate: false, zone: start.zone).instant > until.instant
            }) ?? [start.wall]
            walls += try event.all("RDATE").flatMap { try resolver.values($0) }.map(\.wall)
            var repeats = 0
            for wall in Set(walls).sorted() {
                // The window, EXDATE and RECURRENCE-ID are moments in the zone: a date's is where its day begins there.
                let moment = ICSDateValue(wall: wall, isDate: start.isDate, zone: start.zone).instant
                guard moment >= window.start, moment < window.end,
                      !excluded.contains(moment), !excludedDays.contains(Self.day(of: wall)),
                      !overridden.contains(key(uid, moment)) else { continue }
                let instance = try occurrence(at: wall)
                repeats += 1
                if repeats <= mostRepeatsPerEvent {
                    result.append(instance)
                } else if repeats == mostRepeatsPerEvent + 1 {
                    leftOut.append(LeftOutRepeats(uid: uid, summary: summary, count: 1, firstLeftOut: moment))
                } else {
                    leftOut[leftOut.count - 1].count += 1
                }
            }
        }
        return CalendarReading(occurrences: result, leftOut: leftOut)
    }

    /// A wall time's day, as `YYYY-MM-DD`.
    private static func day(of wall: Date) -> String {
        let parts = WallClock.components(wall)
        return "\(parts.year ?? 0)-\(parts.month ?? 0)-\(parts.day ?? 0)"
    }

    /// Seconds from start to end: DTEND, or DURATION, or a day for an all-day event
    /// without either (RFC 5545, 3.6.1); nil for a timed event without either.
    static func duration(of event: ICSComponent, start: ICSDateValue, resolver: ICSZoneResolver) throws -> Int? {
        if let endLine = event.first("DTEND") {
            let end = try resolver.value(endLine)
            guard end.isDate == start.isDate else {
                throw ICSError(line: endLine.line, "DTEND is a \(end.isDate ? "date" : "date and time") but DTSTART is a \(start.isDate ? "date" : "date and time")")
            }
            let seconds = start.isDate ? Int(end.wall.timeIntervalSince(start.wall)) : Int(end.instant.timeIntervalSince(start.instant))
            guard seconds >= 0 else { throw ICSError(line: endLine.line, "DTEND is before DTSTART") }
            return seconds
        }
        if let durationLine = event.first("DURATION") {
            let duration = try ICSDuration(durationLine)
            guard duration.seconds >= 0 else { throw ICSError(line: durationLine.line, "DURATION is negative") }
            return duration.seconds
        }
        return start.isDate ? 86_400 : nil
    }

    static func key(_ uid: String, _ instant: Date) -> String { "\(uid)|\(instant.timeIntervalSince1970)" }

    /// The properties an event has once (RFC 5545, 3.6.1), of those the import reads.
    static let onceOnly = ["UID", "DTSTART", "DTEND", "DURATION", "RRULE", "RECURRENCE-ID", "SUMMARY", "DESCRIPTION", "STATUS"]

    /// Throws, naming the line, for a property given twice in `event`, or DTEND beside
    /// DURATION: the first was read and the other left out without a word (a second
    /// DTSTART's event, a second RRULE's repeats).
    static func refuseRepeatedProperties(of event: ICSComponent) throws {
        for name in onceOnly {
            let given = event.all(name)
            guard given.count > 1 else { continue }
            throw ICSError(line: given[1].line, "the VEVENT of line \(event.line) has \(name) twice (lines \(given[0].line) and "
                           + "\(given[1].line)): an event has one")
        }
        if let end = event.first("DTEND"), let duration = event.first("DURATION") {
            throw ICSError(line: max(end.line, duration.line), "the VEVENT of line \(event.line) has both DTEND (line \(end.line)) and "
                           + "DURATION (line \(duration.line)): an event has one or the other")
        }
    }
}
