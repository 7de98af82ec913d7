import ControlCharacters
import Foundation

/// Everything that can go wrong with user input or files, each naming what is wrong.
///
/// Every operation that throws one of these leaves the database as it was.
public enum GetDicedError: Error, Equatable, LocalizedError, CustomStringConvertible {
    case catalogNotFound(path: String)
    case invalidCatalog(path: String, reason: String)
    case databaseNotFound(path: String)
    case databaseAlreadyExists(path: String)
    case notAUserDatabase(path: String, reason: String)
    case unsupportedVersion(path: String, found: Int, supported: Int)
    /// The integrity check before the first write found damaged pages; nothing was written.
    case damagedDatabase(path: String)
    case folderNotFound(String)
    case deckFolderNotFound(String)
    case deckNotFound(String)
    case ambiguousDeck(String, ids: [String])
    case cardNotFound(String, suggestions: [String])
    /// No card is named `name`, and one is named it within quotation marks (the catalog's
    /// `"Weather Balloon"`): the marks are part of its name.
    case cardNamedInQuotes(String, catalogName: String)
    case ambiguousCard(String, candidates: [String])
    case cardNotInFolder(card: String, folder: String)
    case defaultFolderProtected(folder: String, action: String)
    case nameTaken(kind: String, name: String)
    case invalidName(kind: String)
    /// A name with a control character (NUL, an escape, U+202E); `name` and `character` shown escaped.
    case controlCharacterInName(kind: String, name: String, character: String)
    case invalidQuantity(Int)
    /// Adding would take a card's copies in a folder past ``FolderCard/maximumQuantity``.
    case tooManyCopies(card: String, folder: String, have: Int, adding: Int)
    case notEnoughCopies(card: String, folder: String, have: Int, requested: Int)
    /// A move of every copy of a card whose count in the folder another program stored at 0 or below.
    case noCopiesToMove(card: String, folder: String, have: Int)
    case sameFolder(String)
    case invalidSlot(slot: String, number: Int?, reason: String)
    case slotEmpty(deck: String, slot: String, number: Int)
    case deckFormatUnknown(deck: String, folder: String)
    case invalidLimit(Int)
    /// A search's `--division` that no card of the catalog is in; `known` are those cards are in.
    case unknownDivision(String, known: [String])
    case malformedDeckList(line: Int?, reason: String)
    case unresolvedDeckList([String])
    /// SQLite could not read or write the database file (see `DatabaseErrorWords`).
    case databaseUnusable(path: String, reason: String)

    /// The message as a sentence, as the other tools write theirs: a capital first letter
    /// (unless it begins with a path or name) and a final period.
    public var description: String {
        let text = message
        guard !text.contains("\n"), let last = text.last, !".?!".contains(last) else { return text }
        return text + "."
    }

    /// A path as the tools' messages show one: a line break or another control character
    /// in it is written as an escape, so the message shows the path the file has.
    static func shown(_ path: String) -> String { ControlCharacters.escaped(path) }

    private var message: String {
        switch self {
        case .catalogNotFound(let path):
            "No catalog file at \(Self.shown(path))"
        case .invalidCatalog(let path, let reason):
            "\(Self.shown(path)) is not a usable card catalog: \(reason)"
        case .databaseNotFound(let path):
            "No Get Diced database at \(Self.shown(path)); create one with `getdiced init --catalog PATH`"
        case .databaseAlreadyExists(let path):
            "A database already exists at \(Self.shown(path)); nothing was changed"
        case .notAUserDatabase(let path, let reason):
            "\(Self.shown(path)) is not a Get Diced database: \(reason)"
        case .unsupportedVersion(let path, let found, let supported):
            "\(Self.shown(path)) has schema version \(found), newer than this program supports (\(supported))"
        case .damagedDatabase(let path):
            """
            The database at \(Self.shown(path)) is damaged (some of its pages are inconsistent), so nothing was written \
            and nothing was changed. Put back a copy of the file from a backup, or create a new database with \
            `getdiced init --catalog PATH --db NEW_PATH` and add your folders and decks to it again
            """
        case .folderNotFound(let name):
            "No collection folder named '\(name)'"
        case .deckFolderNotFound(let name):
            "No deck folder named '\(name)'"
        case .deckNotFound(let name):
            "No deck named '\(name)'"
        case .ambiguousDeck(let name, let ids):
            "More than one deck is named '\(name)'; use one of the ids: \(ids.joined(separator: ", "))"
        case .cardNotFound(let name, let suggestions):
            suggestions.isEmpty
                ? "No card named '\(name)' in the catalog"
                : "No card named '\(name)' in the catalog; did you mean: \(suggestions.joined(separator: "; "))?"
        case .cardNamedInQuotes(let name, let catalogName):
            "No card named '\(name)' in the catalog, but one is named \(catalogName), in quotation marks that are part of its "
                + "name: give them too (in a shell, '\(catalogName)')"
        case .ambiguousCard(let name, let candidates):
            "\(candidates.count) cards are named '\(name)'; use a db_uuid: \(candidates.joined(separator: ", "))"
        case .cardNotInFolder(let card, let folder):
            "'\(card)' is not in folder '\(folder)'"
        case .defaultFolderProtected(let folder, let action):
            "'\(folder)' is a default folder and cannot be \(action)"
        case .nameTaken(let kind, let name):
            "A \(kind) named '\(name)' already exists"
        case .invalidName(let kind):
            "A \(kind) name cannot be empty"
        case .controlCharacterInName(let kind, let name, let character):
            "The \(kind) name '\(name)' has a control character (\(character)) in it: write the name without it"
        case .invalidQuantity(let quantity):
            "Quantity must be from 1 to \(FolderCard.maximumQuantity) (got \(quantity))"
        case .tooManyCopies(let card, let folder, let have, let adding):
            "\(folder) already has \(have) of \(card); adding \(adding) would pass the limit of \(FolderCard.maximumQuantity) copies of one card in a folder"
        case .notEnoughCopies(let card, let folder, let have, let requested):
            "Folder '\(folder)' has \(have) of '\(card)', fewer than the \(requested) requested"
        case .noCopiesToMove(let card, let folder, let have):
            "Folder '\(folder)' holds \(have) copies of '\(card)', as another program stored it, so there are none to move. "
                + "Nothing was changed. Take the card out of it with `getdiced folder remove '\(folder)' CARD`, "
                + "then add the copies you have"
        case .sameFolder(let folder):
            "Source and destination are the same folder '\(folder)'"
        case .invalidSlot(let slot, let number, let reason):
            "Invalid \(slot) slot\(number.map { " \($0)" } ?? ""): \(reason)"
        case .slotEmpty(let deck, let slot, let number):
            "Deck '\(deck)' has no card in \(slot) slot \(number)"
        case .deckFormatUnknown(let deck, let folder):
            "Deck '\(deck)' is in custom folder '\(folder)', which has no format; name one (singles, tornado, trios, tag)"
        case .invalidLimit(let limit):
            "Limit must be at least 1 (got \(limit))"
        case .unknownDivision(let division, let known):
            "No card of the catalog is in the division '\(ControlCharacters.escaped(division))': "
                + "give one of \(known.joined(separator: ", ")), or leave --division out"
        case .malformedDeckList(let line, let reason):
            line.map { "Malformed deck list, line \($0): \(reason)" } ?? "Malformed deck list: \(reason)"
        case .unresolvedDeckList(let problems):
            "The deck list has \(problems.count == 1 ? "1 card" : "\(problems.count) cards") the catalog cannot resolve; nothing was imported:\n  "
                + problems.joined(separator: "\n  ")
        case .databaseUnusable(let path, let reason):
            "\(Self.shown(path)): \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
