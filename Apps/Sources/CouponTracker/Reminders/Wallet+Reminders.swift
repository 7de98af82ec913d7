import SwiftData
import Foundation

extension Wallet {
    /// The notifications the app would schedule as of `now`: one per available benefit
    /// with reminders on, among the seed's capped query (the `maxCount` soonest ending
    /// within `withinDays`), soonest first.
    public func reminderSchedule(now: Date, maxCount: Int = 50, withinDays: Int = 45) throws -> [ScheduledReminder] {
        let settings = ReminderSettings(try checkedPreferences(reminders: true))
        guard settings.notificationsEnabled else { return [] }
        let scheduler = ReminderScheduler(calendar: calendar, settings: settings)
        let benefits = try BenefitRepository(modelContext: context).fetchBenefitsForNotificationScheduling(
            maxCount: maxCount, withinDays: withinDays, now: now, calendar: calendar)
        return benefits.compactMap { benefit -> ScheduledReminder? in
            guard benefit.isActive,
                  let fire = scheduler.fireDate(periodEnd: benefit.currentPeriodEnd, daysBefore: benefit.reminderDaysBefore, now: now)
            else { return nil }
            let periodKey = Int(benefit.currentPeriodEnd.timeIntervalSince1970)
            return ScheduledReminder(identifier: "benefit-\(benefit.id.uuidString.lowercased())-\(periodKey)",
                                     benefitId: benefit.id, cardName: benefit.userCard.map(name(of:)) ?? "",
                                     benefitName: name(of: benefit), value: value(of: benefit),
                                     fireDate: fire, periodEnd: benefit.currentPeriodEnd)
        }.sorted { ($0.fireDate, $0.periodEnd) < ($1.fireDate, $1.periodEnd) }
    }
}
