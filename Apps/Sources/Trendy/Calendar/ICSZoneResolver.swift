import Foundation

/// Places a file's dates in their zones: its VTIMEZONEs, the time zone database, and
/// the zone the import was given for floating times and all-day dates.
struct ICSZoneResolver {
    var definitions: [String: ICSTimeZoneDefinition]
    var floating: TimeZone

    func value(_ line: ICSContentLine) throws -> ICSDateValue {
        guard let value = try values(line).first else { throw ICSError(line: line.line, "\(line.name) has no date") }
        return value
    }

    func values(_ line: ICSContentLine) throws -> [ICSDateValue] {
        let zone = try self.zone(line)
        return try ICSDateValue.walls(line).map { parsed in
            if line.parameters["VALUE"]?.uppercased() == "DATE", !parsed.isDate {
                throw ICSError(line: line.line, "\(line.name) says VALUE=DATE but holds a time")
            }
            // Read as a date, it made a timed event an all-day one without a word.
            if line.parameters["VALUE"]?.uppercased() == "DATE-TIME", parsed.isDate {
                throw ICSError(line: line.line, "\(line.name) says VALUE=DATE-TIME but holds a date alone")
            }
            return ICSDateValue(wall: parsed.wall, isDate: parsed.isDate, zone: parsed.isUTC ? .utc : (parsed.isDate ? .named(floating) : zone))
        }
    }

    /// The zone of a property's values. A TZID the time zone database knows is placed
    /// with it, as it also knows past rule changes that an exported VTIMEZONE often
    /// leaves out; any other TZID needs its VTIMEZONE in the file.
    func zone(_ line: ICSContentLine) throws -> ICSZone {
        guard var id = line.parameters["TZID"] else { return .named(floating) }
        if id.hasPrefix("/") { id.removeFirst() }  // a "globally unique" TZID (RFC 5545, 3.2.19)
        if let known = TimeZone(identifier: id) { return .named(known) }
        if let definition = definitions[id] ?? definitions["/" + id] { return .defined(definition) }
        throw ICSError(line: line.line, "\(line.name) uses the time zone \"\(id)\", which is neither a known time zone nor defined by a VTIMEZONE in the file")
    }
}
