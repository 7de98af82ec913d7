import CommandLineTestSupport
import Foundation
import Testing

/// Preferences another program stored that `coupontracker preferences` refuses (a client with
/// a device's token keeping no rules, through sync, or `sqlite3`): a reminder hour of 25 gave
/// no reminders at all, silently, and default reminder days of 500 refused every card added,
/// and every other change of the preferences, in the rule's words, naming neither.
@Suite struct StoredPreferencesTests {
    func wallet(then sql: String) throws -> CouponTrackerProcess {
        try UnimportableWalletExportTests().wallet(then: sql)
    }

    @Test func remindersWithAStoredHourOutOfRangeAreRefusedNamingItWhereNoneWereListed() throws {
        let tool = try wallet(then: "UPDATE UserPreferences SET preferredReminderHour = 25")
        defer { tool.remove() }
        let reminders = try tool.run("reminders", "--now", "2026-03-20")
        #expect(reminders.status == 1, "\(reminders.stdout)")
        #expect(reminders.stderr == "Error: The preferences hold what they may not, which another program stored: 25 is not an hour: "
                    + "use 0 to 23. Nothing was changed.\nSet it with `coupontracker preferences --time HH:MM`.\n", "\(reminders.stderr)")
        try tool.ok("preferences", "--time", "09:00", "--now", "2026-03-20")
        #expect(try tool.ok("reminders", "--now", "2026-03-20").contains("Uber Cash"))
    }

    @Test func aCardAddedWithDefaultReminderDaysStoredOutOfRangeIsRefusedNamingThePreference() throws {
        let tool = try wallet(then: "UPDATE UserPreferences SET defaultReminderDays = 500")
        defer { tool.remove() }
        let added = try tool.run("add", "--template", "Platinum Card", "--now", "2026-03-15")
        #expect(added.status == 1)
        #expect(added.stderr.contains("which another program stored: Reminder days must be between 0 and 30, not 500. Nothing was changed.\n"
                                      + "Set it with `coupontracker preferences --default-days N`."), "\(added.stderr)")
    }

    @Test func anotherPreferenceChangedWithDefaultReminderDaysStoredOutOfRangeSaysTheyWereStored() throws {
        let tool = try wallet(then: "UPDATE UserPreferences SET defaultReminderDays = 500")
        defer { tool.remove() }
        let changed = try tool.run("preferences", "--time", "10:00", "--now", "2026-03-15")
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("Set it with `coupontracker preferences --default-days N`."), "\(changed.stderr)")
        try tool.ok("preferences", "--time", "10:00", "--default-days", "7", "--now", "2026-03-15")
    }
}
