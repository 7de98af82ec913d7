import Foundation

/// A VTIMEZONE (RFC 5545, 3.6.5): its STANDARD and DAYLIGHT observances, each an onset
/// with the offsets before and after it, repeated by an RRULE or listed by RDATE.
/// Outlook names its zones ("W. Europe Standard Time") with identifiers no time zone
/// database knows, so the file's own definition is what places their times.
final class ICSTimeZoneDefinition: Sendable {
    let identifier: String
    /// Every onset up to 2100, sorted: its wall time (in the offset before it) and the offset after.
    private let onsets: [(wall: Date, offset: Int)]
    /// The offset before the first onset.
    private let initialOffset: Int

    init(_ component: ICSComponent) throws {
        guard let id = component.first("TZID")?.value, !id.isEmpty else {
            throw ICSError(line: component.line, "the VTIMEZONE has no TZID")
        }
        identifier = id
        var onsets: [(wall: Date, offset: Int)] = []
        var initial: (wall: Date, offset: Int)?
        guard let horizon = WallClock.date(2100, 1, 1) else { throw ICSError(line: component.line, "cannot compute time zone transitions") }
        for observance in component.children where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
            guard let startLine = observance.first("DTSTART"), let fromLine = observance.first("TZOFFSETFROM"),
                  let toLine = observance.first("TZOFFSETTO") else {
                throw ICSError(line: observance.line, "the \(observance.name) of time zone \(id) needs DTSTART, TZOFFSETFROM and TZOFFSETTO")
            }
            let start = try ICSDateValue.wall(startLine)
            let from = try Self.offset(fromLine), to = try Self.offset(toLine)
            var walls = [start.wall]
            if let ruleLine = observance.first("RRULE") {
                let rule = try RecurrenceRule(ruleLine, zone: .utc)
                walls = rule.expand(startWall: start.wall, stopAfterWall: horizon, isPastUntil: { wall in
                    rule.until.map { wall > $0.instant } ?? false
                })
            }
            for line in observance.all("RDATE") { walls += try ICSDateValue.walls(line).map(\.wall) }
            onsets += walls.map { ($0, to) }
            if let earliest = initial, earliest.wall <= start.wall { continue }
            initial = (start.wall, from)
        }
        guard let initial else { throw ICSError(line: component.line, "the time zone \(id) has no STANDARD or DAYLIGHT part") }
        self.onsets = onsets.sorted { $0.wall < $1.wall }
        self.initialOffset = initial.offset
    }

    /// Seconds east of UTC in effect at this wall time.
    func offset(atWall wall: Date) -> Int {
        var low = 0, high = onsets.count
        while low < high {
            let middle = (low + high) / 2
            if onsets[middle].wall <= wall { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : onsets[low - 1].offset
    }

    /// `+0100`, `-0500`, `+053000`: hours from 00 to 23, minutes and seconds from 00 to 59
    /// (RFC 5545, 3.3.14). `+9959` would place every time of the zone four days away.
    static func offset(_ line: ICSContentLine) throws -> Int {
        let text = line.value.trimmingCharacters(in: .whitespaces)
        let digits = text.dropFirst()
        guard let sign = text.first, sign == "+" || sign == "-", digits.count == 4 || digits.count == 6, digits.allSatisfy(\.isASCII),
              digits.allSatisfy(\.isNumber), let hours = Int(digits.prefix(2)), let minutes = Int(digits.dropFirst(2).prefix(2)),
              let seconds = digits.count == 6 ? Int(digits.suffix(2)) : 0 else {
            throw ICSError(line: line.line, "\(line.name) \"\(text)\" is not an offset like +0100 or -0500")
        }
        guard hours <= 23, minutes <= 59, seconds <= 59 else {
            throw ICSError(line: line.line, "\(line.name) \"\(text)\" is not an offset: its hours go from 00 to 23, "
                           + "its minutes\(digits.count == 6 ? " and seconds" : "") from 00 to 59, as in +0100 or -0530")
        }
        return (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60 + seconds)
    }
}
