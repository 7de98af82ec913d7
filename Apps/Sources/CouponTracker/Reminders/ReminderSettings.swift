import Foundation

/// The reminder preferences the schedule needs, taken from `UserPreferences`.
public struct ReminderSettings: Equatable, Sendable {
    public var notificationsEnabled = true
    public var hour = 9
    public var minute = 0
    public var quietHoursEnabled = false
    public var quietHoursStart = 22
    public var quietHoursEnd = 8

    public init() {}

    public init(_ preferences: UserPreferences) {
        notificationsEnabled = preferences.notificationsEnabled
        hour = preferences.preferredReminderHour
        minute = preferences.preferredReminderMinute
        quietHoursEnabled = preferences.quietHoursEnabled
        quietHoursStart = preferences.quietHoursStart
        quietHoursEnd = preferences.quietHoursEnd
    }

    /// Whether `hour` (0-23) is quiet. Quiet hours run from `quietHoursStart` up to
    /// `quietHoursEnd`, across midnight when the start is the later hour (22 to 8);
    /// equal hours mean no quiet time.
    public func isQuiet(hour: Int) -> Bool {
        guard quietHoursEnabled, quietHoursStart != quietHoursEnd else { return false }
        if quietHoursStart < quietHoursEnd { return hour >= quietHoursStart && hour < quietHoursEnd }
        return hour >= quietHoursStart || hour < quietHoursEnd
    }
}
