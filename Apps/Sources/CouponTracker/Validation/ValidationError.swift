import Foundation

/// The seed's validation failures, told in the user's words.
public enum ValidationError: Error, LocalizedError, Equatable {
    case customCardRequiresName
    case invalidPeriodRange
    case invalidReminderDays

    public var errorDescription: String? {
        switch self {
        case .customCardRequiresName: "A custom card needs a name: give one with --custom NAME."
        case .invalidPeriodRange: "A benefit's period cannot end before it starts."
        case .invalidReminderDays: "Reminder days must be between 0 and 30."
        }
    }
}
