import Foundation

/// A DATE or DATE-TIME value (RFC 5545, 3.3.4 and 3.3.5) with the zone it is in.
struct ICSDateValue {
    var wall: Date
    /// A DATE (`20260301`, an all-day value) rather than a DATE-TIME.
    var isDate: Bool
    var zone: ICSZone

    var instant: Date { zone.instant(forWall: wall) }

    /// One value's wall time, without its zone: `20260301`, `20260301T083000`, `20260301T083000Z`.
    static func wall(_ line: ICSContentLine) throws -> (wall: Date, isDate: Bool, isUTC: Bool) {
        guard let value = try walls(line).first else { throw ICSError(line: line.line, "\(line.name) has no date") }
        return value
    }

    /// The values of a property that may list several (EXDATE, RDATE), comma-separated.
    /// An RDATE's period (`VALUE=PERIOD`: a start and its end or duration, apart by "/")
    /// is read as its start: an event is logged at the moment it begins.
    static func walls(_ line: ICSContentLine) throws -> [(wall: Date, isDate: Bool, isUTC: Bool)] {
        let isPeriod = line.parameters["VALUE"]?.uppercased() == "PERIOD"
        return try line.value.split(separator: ",").map { value in
            let start = isPeriod ? value.prefix { $0 != "/" } : value
            return try parseOne(String(start).trimmingCharacters(in: .whitespaces), line: line)
        }
    }

    static func parseOne(_ text: String, line: ICSContentLine) throws -> (wall: Date, isDate: Bool, isUTC: Bool) {
        func fail() -> ICSError {
            ICSError(line: line.line, "\(line.name) \"\(text)\" is not a date (YYYYMMDD) or a date and time (YYYYMMDDTHHMMSS, with Z for UTC)")
        }
        let characters = Array(text)
        func number(_ range: Range<Int>) throws -> Int {
            guard range.upperBound <= characters.count, characters[range].allSatisfy(\.isASCII), characters[range].allSatisfy(\.isNumber),
                  let value = Int(String(characters[range])) else { throw fail() }
            return value
        }
        let year = try number(0..<4), month = try number(4..<6), day = try number(6..<8)
        if characters.count == 8 {
            guard let wall = WallClock.date(year, month, day) else { throw fail() }
            return (wall, true, false)
        }
        guard characters.count == 15 || (characters.count == 16 && characters[15] == "Z"), characters[8] == "T" else { throw fail() }
        let hour = try number(9..<11), minute = try number(11..<13), second = min(try number(13..<15), 59)  // a leap second is read as :59
        guard let wall = WallClock.date(year, month, day, hour, minute, second) else { throw fail() }
        return (wall, false, characters.count == 16)
    }
}
