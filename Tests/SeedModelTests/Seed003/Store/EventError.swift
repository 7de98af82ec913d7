import Foundation

// Added: the seed's EventStore reports `EventError.saveFailed` but never declares it.
enum EventError: LocalizedError {
    case saveFailed

    var errorDescription: String? {
        switch self {
        case .saveFailed: return "The event could not be saved."
        }
    }
}
