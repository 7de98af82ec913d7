import SwiftData
import Foundation

// The seed's validation rules for Benefit, as written.
extension Benefit {
    public func validate() throws {
        if let problem = Self.problem(periodStart: currentPeriodStart, periodEnd: currentPeriodEnd,
                                      reminderDaysBefore: reminderDaysBefore) { throw problem }
    }

    /// What the rules find wrong with a benefit of these values, so that an import can check its
    /// benefits before a store is made for them.
    static func problem(periodStart: Date, periodEnd: Date, reminderDaysBefore: Int) -> ValidationError? {
        if periodEnd < periodStart { return .invalidPeriodRange }
        if reminderDaysBefore < 0 || reminderDaysBefore > 30 { return .invalidReminderDays }
        return nil
    }
}

// Not in the seed: OpenSwiftData calls `validate()` on every save of a conforming model,
// so the rule the app meant to enforce is enforced by the store.
extension Benefit: ValidatingModel {}
