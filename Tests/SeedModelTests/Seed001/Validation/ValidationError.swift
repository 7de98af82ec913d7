import Foundation

enum ValidationError: Error {
    case customCardRequiresName
    case invalidPeriodRange
    case invalidReminderDays
}
