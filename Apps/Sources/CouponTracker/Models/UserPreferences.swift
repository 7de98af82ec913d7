import SwiftData
import Foundation

@Model
public final class UserPreferences {
    // MARK: - Singleton Key
    @Attribute(.unique)
    public var id: String = "user_preferences"

    // MARK: - Notification Preferences
    /// Master toggle for all notifications
    public var notificationsEnabled: Bool

    /// Preferred time for notifications (hour, minute)
    public var preferredReminderHour: Int
    public var preferredReminderMinute: Int

    /// Default reminder lead time in days
    public var defaultReminderDays: Int

    // MARK: - Quiet Hours
    public var quietHoursEnabled: Bool
    public var quietHoursStart: Int  // Hour (0-23)
    public var quietHoursEnd: Int    // Hour (0-23)

    // MARK: - App State
    public var hasCompletedOnboarding: Bool
    public var lastSyncDate: Date?
    /// The `dataVersion` of the template file last synced (`sync-templates`): an older
    /// file is refused. Added without a new schema version: existing stores hold nil.
    public var lastSyncedDataVersion: String?

    // MARK: - Metadata
    public var updatedAt: Date

    // MARK: - Initialization
    public init() {
        self.notificationsEnabled = true
        self.preferredReminderHour = 9
        self.preferredReminderMinute = 0
        self.defaultReminderDays = 7
        self.quietHoursEnabled = false
        self.quietHoursStart = 22
        self.quietHoursEnd = 8
        self.hasCompletedOnboarding = false
        self.lastSyncedDataVersion = nil
        self.updatedAt = Date()
    }
}
