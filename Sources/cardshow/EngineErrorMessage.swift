import CardShowPro
import Foundation
import OpenSwiftData

/// An error told to the user in cardshow's words.
struct UserMessage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The storage engine's errors speak to programmers (entity names, SQL, migration plans);
/// this says the same to a dealer, with what they can do about it.
enum EngineErrorMessage {
    /// `error` in the user's words, or `error` itself when it already is.
    static func translate(_ error: Error) -> Error {
        if let engine = OpenSwiftDataError(explaining: error) { return UserMessage(message(for: engine)) }
        if error is DecodingError || error is EncodingError {
            return UserMessage("The data could not be read: it is not in the format cardshow expects. Nothing was changed.")
        }
        let bridged = error as NSError
        if bridged.domain == NSCocoaErrorDomain || bridged.domain == NSPOSIXErrorDomain {
            return UserMessage(bridged.localizedDescription)
        }
        return error
    }

    private static let damaged = "If this keeps happening, restore a backup (cardshow restore FILE)."

    static func message(for error: OpenSwiftDataError) -> String {
        if case let .storeNotADatabase(path) = error {
            return "\(path) is not a CardShow Pro store (it is not a database). Check the --store path."
        }
        if case let .storeDamaged(path, reason) = error {
            let what: String
            switch reason {
            case .notSQLite, .isDirectory:
                return "\(path) is not a CardShow Pro store (it is not a database). Check the --store path."
            case .unreadable(let why):
                return "Cannot read the store \(path) (\(why)). Check the path and that you may read it."
            case .empty: what = "the file is empty"
            case .truncated: what = "its end was cut off"
            case .corrupt: what = "some of its pages are inconsistent"
            }
            return "The store \(path) is damaged: \(what). Nothing was changed. Restore a backup (cardshow restore FILE), "
                + "or move the store aside (with its -wal and -shm files) and start a new one."
        }
        if case let .storeOnReadOnlyMedia(path) = error {
            return "The store \(path) is on read-only media: it can be listed and exported, not changed. Copy it somewhere writable to change it."
        }
        if case let .storeCannotOpen(path, reason) = error {
            return "Cannot open the store \(path): \(reason). Check the path and that you may read and write it."
        }
        if case let .storeBusy(path, seconds) = error {
            return "The store \(path) stayed busy for \(seconds) seconds: another program is using it. Nothing was changed; try again when it has finished."
        }
        if case let .storeFromNewerVersion(path, _, _) = error {
            return "The store \(path) was written by a newer version of cardshow. Nothing was changed; use that version, or update this one."
        }
        if case .storeNewerThanSchema = error {
            return "The store was written by a newer version of cardshow. Nothing was changed; use that version, or update this one."
        }
        if case let .uniqueConstraintViolated(entity, _) = error {
            return "There already is such a \(word(for: entity)). Nothing was changed."
        }
        if case let .deleteDenied(entity, _, count) = error {
            return "This \(word(for: entity)) cannot be deleted while \(count) record\(count == 1 ? "" : "s") still refer to it. Nothing was changed."
        }
        if case let .validationFailed(_, reason) = error { return reason }
        if case let .rowDeleted(entity) = error {
            return "This \(word(for: entity)) was deleted by another cardshow while this one worked on it. Nothing was changed; run the command again."
        }
        if case let .corruptValue(entity, _, reason) = error {
            return "A \(word(for: entity)) in the store cannot be read (\(plain(reason))): a newer version of cardshow or another "
                + "program wrote it, or the store is damaged. `cardshow export --skip-unreadable` saves the readable cards; \(damaged)"
        }
        switch error {
        case .migrationFailed, .migrationMissingValues, .migrationUniqueViolation, .migrationTypeChange:
            return "This version of cardshow cannot bring the store up to date: it was written by a version it does not know. "
                + "Nothing was changed; use the version of cardshow that wrote it, or restore a backup."
        default:
            return "The store could not be read or written. Nothing was changed. \(damaged)"
        }
    }

    /// An engine message with the model's type names in a dealer's words.
    static func plain(_ message: String) -> String {
        var text = message
        for (entity, word) in words { text = text.replacingOccurrences(of: "\(entity).", with: "\(word) ") }
        return text.replacingOccurrences(of: "row ", with: "record ")
    }

    /// What a dealer calls the records of each model.
    static func word(for entity: String) -> String {
        words[entity] ?? "record"
    }

    private static let words = [
        "InventoryCard": "card", "SalesHistory": "sale", "TradeHistory": "trade", "Event": "event",
        "Contact": "contact", "WantListItem": "want-list item", "GradingSubmission": "grading submission",
        "CachedPrice": "price",
    ]
}
