import SwiftData
import Foundation

@Model
final class UserPreferences {
    // MARK: - Singleton Key
    @Attribute(.unique)
    var id: String = "user_preferences"

    // MARK: - Notification Preferences
    /// Master toggle for all notifications
    var notificationsEnabled: Bool

    /// Preferred time for notifications (hour, minute)
    var preferredReminderHour: Int
    var preferredReminderMinute: Int

    /// Default reminder lead time in days
    var defaultReminderDays: Int

    // MARK: - Quiet Hours
    var quietHoursEnabled: Bool
    var quietHoursStart: Int  // Hour (0-23)
    var quietHoursEnd: Int    // Hour (0-23)

    // MARK: - App State
    var hasCompletedOnboarding: Bool
    var lastSyncDate: Date?

    // MARK: - Metadata
    var updatedAt: Date

    // MARK: - Initialization
    init() {
        self.notificationsEnabled = true
        self.preferredReminderHour = 9
        self.preferredReminderMinute = 0
        self.defaultReminderDays = 7
        self.quietHoursEnabled = false
        self.quietHoursStart = 22
        self.quietHoursEnd = 8
        self.hasCompletedOnboarding = false
        self.updatedAt = Date()
    }
}
