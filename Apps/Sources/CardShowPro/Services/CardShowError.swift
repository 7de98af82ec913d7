import Foundation
import MomentText

/// An operation CardShow Pro refuses, with what to do instead.
public enum CardShowError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// No `kind` has an ID starting with `id`.
    case notFound(kind: String, id: String)
    /// Several do; the dealer must type more of it.
    case ambiguousID(kind: String, id: String, matches: Int)
    /// `count` models of `kind` hold the one ID `id`, as another program stored them (it took
    /// away the store's rule that IDs differ): no ID a dealer types tells them apart.
    case sharedID(kind: String, id: UUID, count: Int)
    /// `id` is shorter than the start of an ID listings show (``ModelLookup/shortestPrefix``):
    /// it would name whichever model happens to be the only match today.
    case idTooShort(kind: String, id: String)
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
    /// A card received in the trade was sold, traded away or sent for grading since:
    /// `since` says which, and what to do.
    case tradeCannotBeVoided(card: String, since: String)
    /// One card named twice in a trade or a submission: it would count twice.
    case cardListedTwice(card: String, in: String)
    /// The card is already out for grading in a submission not yet returned.
    case cardAlreadyOutForGrading(card: String, submission: String)
    /// A day acquired given to a card after `sent`, the day a grading submission holding it
    /// was sent (``GradingService/refuseAcquiredAfterSent(_:)``).
    case acquiredAfterSent(card: String, submission: String, sent: String)
    /// An import would change what the sales or trades of a card say about it.
    case statusContradictsHistory(card: String, imported: CardStatus, current: CardStatus)
    case invalidArgument(String)
    /// A card whose date another program stored outside the years an export holds: an
    /// export holding it could not be imported.
    case dateNoExportHolds(card: String, id: String, field: UnexportableDate)
    /// A card holding a value another program stored that an import refuses (a negative
    /// market value, a grade of 11, an empty name): `reason` is the import's words for it, and
    /// `mend` the options of `card update` that put it right, when one rule's do.
    case valueNoImportTakes(card: String, id: String, reason: String, mend: String? = nil)

    /// A card holding the ID of another, as another program stored them: an export holding
    /// both could not be imported (its import refuses an ID twice).
    case idSharedNoImportTakes(card: String, otherCard: String, id: String)

    /// The date of a card that ``dateNoExportHolds(card:id:field:)`` names.
    public enum UnexportableDate: Equatable, Sendable {
        case acquired, priced
    }

    /// For a card `cardshow export --skip-unreadable` leaves out: what is wrong and how to put it right.
    public var skippedDescription: String {
        if case let .idSharedNoImportTakes(card, other, id) = self {
            return "\(card) (\(id)) holds the ID of \(other), as another program stored them; give each its own ID with "
                + "`cardshow card update \(id) --new-id`."
        }
        if case let .valueNoImportTakes(card, id, reason, mend) = self {
            return "\(card) (\(id)) holds a value an import refuses (\(reason)), which another program stored; "
                + "put it right with `\(Self.update(id, mend))`."
        }
        guard case let .dateNoExportHolds(card, id, field) = self else { return description }
        return "\(card) (\(id)) \(Self.unexportable(field)); \(Self.fix(field, id: id))."
    }

    /// `cardshow card update ID`, with the options that mend the card when known.
    private static func update(_ id: String, _ mend: String?) -> String {
        "cardshow card update \(id)" + (mend.map { " " + $0 } ?? "")
    }

    private static func unexportable(_ field: UnexportableDate) -> String {
        "has \(field == .acquired ? "an acquired date" : "a price date") outside the years CardShow Pro keeps "
            + "(\(MomentText.yearsDescription)), which another program stored"
    }

    private static func fix(_ field: UnexportableDate, id: String) -> String {
        field == .acquired ? "give the day you got it with `cardshow card update \(id) --acquired DATE`"
            : "price it again with `cardshow card update \(id) --value DOLLARS`"
    }

    public var description: String {
        switch self {
        case let .valueNoImportTakes(card, id, reason, mend):
            "\(card) (\(id)) holds a value an import refuses (\(reason)), which another program stored: an export holding it "
                + "could not be imported, so nothing was exported.\nPut it right with `\(Self.update(id, mend))`, "
                + "or `cardshow export --skip-unreadable` exports the other cards."
        case let .idSharedNoImportTakes(card, other, id):
            "\(other) and \(card) hold one ID, \(id), which another program stored: an export holding both could not be imported, "
                + "so nothing was exported.\nGive each its own ID with `cardshow card update \(id) --new-id`, or "
                + "`cardshow export --skip-unreadable` exports the other cards."
        case let .dateNoExportHolds(card, id, field):
            "\(card) (\(id)) \(Self.unexportable(field)): an export holding it could not be imported, so nothing was exported.\n"
                + "\(Self.fix(field, id: id).prefix(1).uppercased())\(Self.fix(field, id: id).dropFirst()), "
                + "or `cardshow export --skip-unreadable` exports the other cards."
        case let .notFound(kind, id):
            "No \(kind) has an ID starting with \"\(id)\"."
        case let .ambiguousID(kind, id, matches):
            "\(matches) \(kind)s have IDs starting with \"\(id)\"; type more of the ID."
        case let .sharedID(kind, id, count):
            "\(count) \(kind)s hold the ID \(id.short), as another program stored them, so no ID tells them apart. Nothing was "
                + "changed.\n" + (kind == InventoryCard.dealerKind
                    ? "Give each its own ID with `cardshow card update \(id.short) --new-id`, then name the one you mean by its new ID."
                    : "Put back a backup from before that program changed the store (`cardshow restore FILE`).")
        case let .idTooShort(kind, id):
            "\"\(id)\" is too short to name a \(kind) by its ID: give at least the first \(ModelLookup.shortestPrefix) characters "
                + "of the ID, as listings show them, or the whole ID."
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
        case let .tradeCannotBeVoided(card, since):
            "The trade cannot be voided: \(card), received in it, \(since)."
        case let .cardListedTwice(card, place):
            "\(card) is listed twice in \(place); name each card once."
        case let .cardAlreadyOutForGrading(card, submission):
            "\(card) is already out for grading in submission \(submission); record that submission's return first."
        case let .acquiredAfterSent(card, submission, sent):
            "\(card) can't be acquired after \(sent), the day it was sent for grading (submission \(submission)). Nothing was changed.\n"
                + "Give a day on or before \(sent), or give the submission the day it was sent with "
                + "`cardshow grading edit \(submission) --submitted DATE`."
        case let .statusContradictsHistory(card, imported, current):
            "\(card) is \(current.rawValue.lowercased()) by its recorded sales or trades, so it can't be imported as \(imported.rawValue.lowercased()); "
                + "void the sale first (`cardshow sale void`), or leave the status as \(current.rawValue) in the file."
        case let .invalidArgument(message):
            message
        }
    }

    public var errorDescription: String? { description }
}
