import Foundation

/// An operation CardShow Pro refuses, with what to do instead.
public enum CardShowError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// No `kind` has an ID starting with `id`.
    case notFound(kind: String, id: String)
    /// Several do; the dealer must type more of it.
    case ambiguousID(kind: String, id: String, matches: Int)
    /// The card was sold or traded away and cannot be sold, traded or brought again.
    case cardNotInStock(card: String, status: CardStatus)
    case eventAlreadyActive(name: String)
    case eventNotActive(name: String)
    case noActiveEvent
    case severalActiveEvents(names: [String])
    case gradingCannotMoveBack(from: GradingStatus, to: GradingStatus)
    case cardNotInSubmission(card: String)
    case emptySubmission
    case emptyTrade
    case invalidArgument(String)

    public var description: String {
        switch self {
        case let .notFound(kind, id):
            "No \(kind) has an ID starting with \"\(id)\"."
        case let .ambiguousID(kind, id, matches):
            "\(matches) \(kind)s have IDs starting with \"\(id)\"; type more of the ID."
        case let .cardNotInStock(card, status):
            "\(card) is not in stock (\(status.rawValue.lowercased()))."
        case let .eventAlreadyActive(name):
            "The event \"\(name)\" is already running; end it first."
        case let .eventNotActive(name):
            "The event \"\(name)\" is not running."
        case .noActiveEvent:
            "No event is running; start one with `cardshow event start`."
        case let .severalActiveEvents(names):
            "Several events are running (\(names.joined(separator: ", "))); name the one you mean."
        case let .gradingCannotMoveBack(from, to):
            "A submission that is \"\(from.rawValue)\" can't go back to \"\(to.rawValue)\"."
        case let .cardNotInSubmission(card):
            "\(card) is not in this grading submission."
        case .emptySubmission:
            "A grading submission needs at least one card."
        case .emptyTrade:
            "A trade needs at least one card given or received."
        case let .invalidArgument(message):
            message
        }
    }

    public var errorDescription: String? { description }
}
