import Foundation
import OpenSwiftData

/// The storage engine's errors speak to programmers (entity names, SQL, migration plans);
/// this says the same to the tool's user, with what they can do about it. Each tool
/// gives its own words: its name, what its store is called, how a damaged store is
/// recovered and what its users call each model's records.
public struct EngineErrorMessage: Sendable {
    /// The command's name, such as "cardshow".
    public var tool: String
    /// What the store is called, such as "CardShow Pro store".
    public var storeName: String
    /// How to get a good store back, a sentence's end: "restore a backup (cardshow restore FILE)".
    public var recovery: String
    /// How to save the readable records of a store with an unreadable one, a whole sentence; nil when there is no way.
    public var salvage: String?
    /// What the user calls the records of each model, by the model's type name.
    public var words: [String: String]
    /// The store the command line names, for the errors that do not carry its path.
    public var storePath: String?

    public init(tool: String, storeName: String, recovery: String = "put back a copy you saved", salvage: String? = nil,
                words: [String: String] = [:]) {
        self.tool = tool
        self.storeName = storeName
        self.recovery = recovery
        self.salvage = salvage
        self.words = words
    }

    /// `error` in the user's words, or `error` itself when it already is.
    public func translate(_ error: Error) -> Error {
        if let engine = OpenSwiftDataError(explaining: error) { return ToolError(message(for: engine)) }
        if case let EncodingError.invalidValue(value, context) = error, let number = value as? Double ?? (value as? Float).map(Double.init) {
            // A number another program stored that JSON has no form for (`9e999` in SQLite, read
            // back as infinity): nothing was read wrong, the JSON could not be written.
            let what = number.isNaN ? "not a number" : number < 0 ? "minus infinity" : "infinity"
            // Two lines, what is wrong and what to do: a message's line is cut at 400 characters.
            return ToolError("The JSON could not be written: the value at \(Self.place(context.codingPath)) is \(what), which another "
                             + "program stored, and JSON has no such number. Nothing was changed.\n"
                             + "Give that record its value again, then try again.")
        }
        if error is DecodingError || error is EncodingError {
            return ToolError("The data could not be read: it is not in the format \(tool) expects. Nothing was changed.")
        }
        return FileProblem.explaining(error)
    }

    /// A coding path as a key path: `cards[3].marketValue`.
    static func place(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { text, key in
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
    }

    public func message(for error: OpenSwiftDataError) -> String {
        // Every code below that names a file carries its path.
        let path = error.path ?? storePath ?? ""
        let entity = error.entityName ?? ""
        switch error.code {
        case .storeNotADatabase:
            return notAStore(path)
        case .storeDamaged:
            let what: String
            switch error.storeDamage {
            case .notSQLite, .isDirectory: return notAStore(path)
            case .unreadable(let why):
                return "Cannot read the store \(TerminalText.quoted(path)) (\(why)). Check the path and that you may read it."
            case .empty: what = "the file is empty"
            case .truncated: what = "its end was cut off"
            case .corrupt, nil: what = "some of its pages are inconsistent"
            case .logFromAnotherFile: what = "it was replaced while the -wal file of the store it replaced stayed beside it"
            case .missingFromTables(let missing): what = "\(plain(missing)) is missing from its tables (another program changed them, or the file is damaged)"
            }
            return "The store \(TerminalText.quoted(path)) is damaged: \(what). Nothing was changed. \(capitalized(recovery)), "
                + "or move the store aside (with its -wal and -shm files) and start a new one."
        case .storeHoldsOtherData:
            return "\(TerminalText.quoted(path)) is not a\(article) \(storeName): it holds another program's data, or another "
                + "app's. Nothing was changed. "
                + (path.hasPrefix("postgres") ? "Check the --postgres URL and the schema it names." : "Check the --store path.")
        case .storeOnReadOnlyMedia:
            return readOnly(path)
        case .storeCannotOpen where error.reason?.contains("readonly") == true:
            return readOnly(path)
        case .sqlite where error.reason?.contains("readonly") == true:
            // SQLite's words for SQLITE_READONLY ("attempt to write a readonly database"):
            // the file, or the folder it is in, may not be written.
            return readOnly(storePath)
        case .storeCannotOpen:
            return "Cannot open the store \(TerminalText.quoted(path)): \(error.reason ?? "it cannot be opened"). "
                + "Check the path and that you may read and write it." + FileSizeLimit.note
        case .storeDiskFull:
            // SQLite reports a write cut short by the file size limit as a full disk.
            guard FileSizeLimit.bytes == nil else {
                return "The store \(TerminalText.quoted(path)) could not grow: the disk is full, or the file reached its size limit. "
                    + "Nothing was changed." + FileSizeLimit.note
            }
            return "The disk holding the store \(TerminalText.quoted(path)) is full. Nothing was changed; free some space and try again."
        case .storeIOError:
            return "The disk reported an error reading or writing the store \(TerminalText.quoted(path)). Nothing was changed; "
                + "check the disk and try again." + FileSizeLimit.note
        case .storeBusy:
            // SQLite may answer busy at once, where waiting could not help: the configured wait
            // is the most that was waited, not a wait that surely happened.
            return "The store \(TerminalText.quoted(path)) is busy: another program is using it (\(tool) waits up to "
                + "\(error.waitedSeconds ?? 0) seconds for it). Nothing was changed; try again when it has finished."
        case .storeFromNewerVersion:
            return "The store \(TerminalText.quoted(path)) was written by a newer version of \(tool). Nothing was changed; "
                + "use that version, or update this one."
        case .storeNewerThanSchema:
            return "The store was written by a newer version of \(tool). Nothing was changed; use that version, or update this one."
        case .uniqueConstraintViolated:
            return "There already is such a \(word(for: entity)). Nothing was changed."
        case .deleteDenied:
            let count = error.rowCount ?? 0
            return "This \(word(for: entity)) cannot be deleted while \(count) \(count == 1 ? "record still refers" : "records still refer") to it. "
                + "Nothing was changed."
        case .deleteMissedMembers:
            return "Another \(tool) added to this \(word(for: entity)) while this one deleted it. Nothing was changed; run the command again."
        case .validationFailed:
            return TerminalText.message(error.reason ?? error.description)
        case .missingValue:
            return "The \(word(for: entity)) has no \(spoken(error.propertyNames.first) ?? "value"), and it needs one. Nothing was changed."
        case .invalidValue:
            return "The value given for the \(word(for: entity))'s \(spoken(error.propertyNames.first) ?? "value") is not one \(tool) "
                + "can keep. Nothing was changed."
        case .rowDeleted:
            return "This \(word(for: entity)) was deleted by another \(tool) while this one worked on it. Nothing was changed; "
                + "run the command again."
        case .corruptValue:
            return "\(capitalized(indefinite(word(for: entity)))) in the store cannot be read (\(plain(error.reason ?? "its value is damaged"))): a newer version of \(tool) or another "
                + "program wrote it, or the store is damaged. " + (salvage.map { $0 + " " } ?? "")
                + "If this keeps happening, \(recovery)."
        case .modelNotFound:
            return "A record was deleted by another \(tool) while this one worked on it. Nothing was changed; run the command again."
        case .migrationFailed where ReadOnlyStore.isReadOnly(path):
            // A store an earlier version wrote is brought up to date when it is opened, listing too.
            return "The store \(TerminalText.quoted(path)) was written by an earlier version of \(tool), and \(tool) brings a "
                + "store up to date, which writes to it, before it reads it; but this one is read-only (on read-only media, or "
                + "a file or folder you may not write). Nothing was changed. Make it writable, or copy it somewhere you may "
                + "write and give the copy with --store."
        case .migrationFailed, .migrationMissingValues, .migrationUniqueViolation, .migrationTypeChange, .unknownStoreVersion:
            return "This version of \(tool) cannot bring the store up to date: it was written by a version it does not know. "
                + "Nothing was changed; use the version of \(tool) that wrote it, or \(recovery)."
        default:
            return "The store could not be read or written. Nothing was changed. If this keeps happening, \(recovery)."
        }
    }

    /// An engine message with the model's type names in the user's words.
    public func plain(_ message: String) -> String {
        var text = message
        for (entity, word) in words { text = text.replacingOccurrences(of: "\(entity).", with: "\(word) ") }
        return TerminalText.message(text.replacingOccurrences(of: "row ", with: "record "))
    }

    /// A property's name as words: "marketValue" as "market value", "externalID" as "external ID".
    public func spoken(_ property: String?) -> String? {
        guard let property else { return nil }
        let letters = Array(property)
        var text = ""
        for (index, letter) in letters.enumerated() {
            let before = index > 0 ? letters[index - 1] : nil
            let after = index + 1 < letters.count ? letters[index + 1] : nil
            // A capital starts a word after a small letter, or ends a run of capitals ("URLText": "URL text").
            let startsWord = letter.isUppercase && (before?.isLowercase == true || (before?.isUppercase == true && after?.isLowercase == true))
            if startsWord { text += " " }
            // A word's first capital is written small; a run of capitals ("ID") is kept.
            let inRun = letter.isUppercase && after?.isLowercase != true && (before?.isUppercase == true || after?.isUppercase == true)
            text += inRun ? String(letter) : letter.lowercased()
        }
        return text
    }

    /// What the user calls the records of `entity`.
    public func word(for entity: String) -> String { words[entity] ?? "record" }

    /// A store that may be read but not written: not damaged, so no word of backups.
    private func readOnly(_ path: String?) -> String {
        "The store\(path.map { " " + TerminalText.quoted($0) } ?? "") is read-only (on read-only media, or a file or folder you may "
            + "not write): nothing was changed. It can be listed and exported; to change it, make it writable or copy it "
            + "somewhere you may write."
    }

    private func notAStore(_ path: String) -> String {
        "\(TerminalText.quoted(path)) is not a\(article) \(storeName) (it is not a database). Check the --store path."
    }

    /// "n" before a store name that starts with a vowel.
    private var article: String { storeName.first.map { "AEIOU".contains($0) } == true ? "n" : "" }

    /// "a card", "an event".
    private func indefinite(_ word: String) -> String {
        (word.first.map { "aeiouAEIOU".contains($0) } == true ? "an " : "a ") + word
    }

    private func capitalized(_ sentence: String) -> String { sentence.prefix(1).uppercased() + sentence.dropFirst() }
}
