import SwiftData
import Foundation

// The seed's validation rules for Benefit, as written.
extension Benefit {
    public func validate() throws {
        if currentPeriodEnd < currentPeriodStart {
            throw ValidationError.invalidPeriodRange
        }
        if reminderDaysBefore < 0 || reminderDaysBefore > 30 {
            throw ValidationError.invalidReminderDays
        }
    }
}

// Not in the seed: OpenSwiftData calls `validate()` on every save of a conforming model,
// so the rule the app meant to enforce is enforced by the store.
extension Benefit: ValidatingModel {}
