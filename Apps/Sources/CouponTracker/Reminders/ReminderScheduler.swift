import Foundation

/// When each reminder fires.
///
/// A benefit's reminder fires `reminderDaysBefore` days before the day its period
/// ends, at the preferred hour and minute. A moment in quiet hours moves to the hour
/// they end (the next morning for a window across midnight); if that is after the
/// period's end it moves back instead, to the last minute before quiet hours begin.
/// A moment already past fires at the next preferred time after `now`, or at `now`
/// itself when the period ends before that; a reminder that cannot fire outside quiet
/// hours before its period ends is left out.
public struct ReminderScheduler: Sendable {
    public let calendar: Calendar
    public let settings: ReminderSettings

    public init(calendar: Calendar, settings: ReminderSettings) {
        self.calendar = calendar
        self.settings = settings
    }

    /// When the reminder of a period ending at `periodEnd` fires, nil when it does not.
    public func fireDate(periodEnd: Date, daysBefore: Int, now: Date) -> Date? {
        guard settings.notificationsEnabled, now <= periodEnd else { return nil }
        let lastDay = calendar.startOfDay(for: periodEnd)
        guard let day = calendar.date(byAdding: .day, value: -daysBefore, to: lastDay),
              var fire = at(settings.hour, settings.minute, on: day) else { return nil }
        if fire < now {
            guard let today = at(settings.hour, settings.minute, on: now) else { return nil }
            fire = today > now ? today : (calendar.date(byAdding: .day, value: 1, to: today) ?? today)
        }
        guard let moved = outOfQuietHours(fire, before: periodEnd, notBefore: now) else { return nil }
        if moved <= periodEnd { return moved }
        return isQuiet(now) ? nil : now
    }

    /// `moment`, or the nearest time outside quiet hours that is no later than
    /// `periodEnd` (forward first) and not before `now`.
    func outOfQuietHours(_ moment: Date, before periodEnd: Date, notBefore now: Date) -> Date? {
        guard isQuiet(moment) else { return moment }
        let hour = calendar.component(.hour, from: moment)
        let day = calendar.startOfDay(for: moment)
        let wraps = settings.quietHoursStart > settings.quietHoursEnd
        let endDay = wraps && hour >= settings.quietHoursStart ? calendar.date(byAdding: .day, value: 1, to: day) : day
        if let endDay, let forward = at(settings.quietHoursEnd, 0, on: endDay), forward <= periodEnd { return forward }
        let startDay = wraps && hour < settings.quietHoursEnd ? calendar.date(byAdding: .day, value: -1, to: day) : day
        guard let startDay, let quietStart = at(settings.quietHoursStart, 0, on: startDay) else { return nil }
        let back = quietStart.addingTimeInterval(-60)
        return back >= now ? back : nil
    }

    func isQuiet(_ moment: Date) -> Bool {
        settings.isQuiet(hour: calendar.component(.hour, from: moment))
    }

    /// `hour:minute` on the day of `day`, as the clock on the wall shows it.
    private func at(_ hour: Int, _ minute: Int, on day: Date) -> Date? {
        calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)
    }
}
