import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation

struct RemindersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders", abstract: "The reminders the app would schedule, soonest first.",
        discussion: "One per available benefit with reminders on, among the 50 whose periods end soonest within 45 days. Set the hour and quiet hours with `coupontracker preferences`.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption

    struct Row: Encodable {
        let identifier: String
        let benefitId: UUID
        let card: String
        let benefit: String
        let value: String
        let fireDate: Date
        let periodEnd: Date
    }

    func run() throws {
        let wallet = try options.open()
        let reminders = try wallet.reminderSchedule(now: try options.now())
        if json.enabled {
            return try printJSON(reminders.map {
                Row(identifier: $0.identifier, benefitId: $0.benefitId, card: $0.cardName, benefit: $0.benefitName,
                    value: amount($0.value), fireDate: $0.fireDate, periodEnd: $0.periodEnd)
            })
        }
        if reminders.isEmpty { return print("No reminders to schedule.") }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = wallet.calendar.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        var table = Table("fires", "card", "benefit", "value", "ends", rightAligned: [3])
        for reminder in reminders {
            table.add(formatter.string(from: reminder.fireDate), reminder.cardName, reminder.benefitName, money(reminder.value),
                      wallet.day(reminder.periodEnd))
        }
        print(table.render())
    }
}

struct PreferencesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preferences", abstract: "Show or change the reminder preferences.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption
    @Option(help: "Notifications on or off: on or off.") var notifications: String?
    @Option(help: "The reminder time, HH:MM.") var time: String?
    @Option(name: .customLong("default-days"), help: "Days before a period's end to remind new benefits (0-30).", transform: WholeNumber.parse) var defaultDays: Int?
    @Option(name: .customLong("quiet-hours"), help: "Quiet hours START-END in whole hours, such as 22-8, or off.") var quietHours: String?

    struct Shown: Encodable {
        let notificationsEnabled: Bool
        let reminderTime: String
        let defaultReminderDays: Int
        let quietHours: String?
    }

    func run() throws {
        let changing = notifications != nil || time != nil || defaultDays != nil || quietHours != nil
        let wallet = try options.open(changing: changing)
        if changing {
            let now = try options.now()
            try wallet.updatePreferences(now: now) { preferences in
                if let notifications {
                    guard ["on", "off"].contains(notifications) else { throw ToolError("--notifications takes on or off.") }
                    preferences.notificationsEnabled = notifications == "on"
                }
                if let time {
                    let parts = time.split(separator: ":").map { Int($0) }
                    guard parts.count == 2, let hour = parts[0], let minute = parts[1] else {
                        throw ToolError("'\(time)' is not a time: write it as HH:MM, such as 09:00.")
                    }
                    preferences.preferredReminderHour = hour
                    preferences.preferredReminderMinute = minute
                }
                if let defaultDays { preferences.defaultReminderDays = defaultDays }
                if let quietHours {
                    if quietHours == "off" {
                        preferences.quietHoursEnabled = false
                    } else {
                        let parts = quietHours.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
                        guard parts.count == 2, let start = parts[0], let end = parts[1] else {
                            throw ToolError("'\(quietHours)' is not quiet hours: write START-END, such as 22-8, or off.")
                        }
                        preferences.quietHoursEnabled = true
                        preferences.quietHoursStart = start
                        preferences.quietHoursEnd = end
                    }
                }
            }
        }
        let preferences = try wallet.preferences()
        let shown = Shown(notificationsEnabled: preferences.notificationsEnabled,
                          reminderTime: String(format: "%02d:%02d", preferences.preferredReminderHour, preferences.preferredReminderMinute),
                          defaultReminderDays: preferences.defaultReminderDays,
                          quietHours: preferences.quietHoursEnabled ? "\(preferences.quietHoursStart)-\(preferences.quietHoursEnd)" : nil)
        if json.enabled { return try printJSON(shown) }
        print("""
            notifications: \(shown.notificationsEnabled ? "on" : "off")
            reminder time: \(shown.reminderTime)
            default reminder days: \(shown.defaultReminderDays)
            quiet hours: \(shown.quietHours ?? "off")
            """)
    }
}
