import Foundation

/// Where a calendar file's local times are: UTC (a trailing `Z`), a time zone named by
/// `TZID`, or, for "floating" times and all-day dates, the zone the import was given.
enum ICSZone {
    case utc
    case named(TimeZone)
    case defined(ICSTimeZoneDefinition)

    func instant(forWall wall: Date) -> Date {
        switch self {
        case .utc: wall
        case let .named(zone): WallClock.instant(wall, in: zone)
        case let .defined(definition): wall.addingTimeInterval(-Double(definition.offset(atWall: wall)))
        }
    }
}
