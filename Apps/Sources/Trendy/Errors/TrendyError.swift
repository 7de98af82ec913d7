import ControlCharacters
import Foundation
import MomentText

/// What Trendy refuses, in the user's words; nothing is changed when one is thrown.
public enum TrendyError: LocalizedError, Equatable, CustomStringConvertible {
    case emptyTypeName
    case duplicateTypeName(String)
    case unknownType(String)
    case invalidColor(String)
    case unknownEvent(String)
    case endBeforeStart
    case saveFailed(String)
    case recoveryFailed(path: String, reason: String)
    /// A damaged file whose tables cannot be read, at a path the user named: left where it is.
    case unidentifiedDamagedStore(path: String, reason: String)
    case invalidBackup(String)
    case invalidRange
    /// An event whose time (or end) another program stored outside the years an export may
    /// hold: written, it would make an export `trendy import` refuses whole.
    case unexportableTime(event: String, isEnd: Bool)
    /// A record another program stored that `trendy import` refuses (`reason`), with what puts it right.
    case unimportableRecord(String, fix: String)

    public var description: String {
        switch self {
        case .emptyTypeName: "An event type needs a name: give one with a letter, a digit or a symbol that shows."
        case let .duplicateTypeName(name): "There is already an event type named \"\(name)\": choose another name, or use that type."
        case let .unknownType(name):
            "There is no event type named \"\(ControlCharacters.escaped(name))\". List the types with `trendy types list`, "
                + "or add it with `trendy types add \(Self.shellWord(name))`."
        case let .invalidColor(text): "\"\(text)\" is not a colour: write it as #RRGGBB, for example #34C759."
        case let .unknownEvent(id): "There is no event with the id \(id). List events with `trendy list` to see their ids."
        case .endBeforeStart: "The end is before the start: give an end at or after the event's time."
        case let .saveFailed(reason): "The change could not be saved, so nothing was changed: \(reason)"
        case let .recoveryFailed(path, reason): "The store at \(ControlCharacters.escaped(path)) is damaged and could not be moved aside (\(reason)); nothing was changed. Move it away yourself, then try again."
        case let .unidentifiedDamagedStore(path, reason):
            "The store at \(ControlCharacters.escaped(path)) is damaged (\(reason)) and its tables cannot be read, so trendy "
                + "cannot tell if it is a Trendy store: it left it as it is. Nothing was changed. If it is yours, move it aside "
                + "yourself (with its -wal and -shm) and trendy will start a new one; if not, check the --store path."
        case let .invalidBackup(reason): "The export cannot be imported, so nothing was imported: \(reason)"
        case .invalidRange: "The range is empty: give a start before its end."
        case let .unimportableRecord(reason, fix):
            "The store holds what `trendy import` refuses, which another program stored: \(reason). An export holding it "
                + "could not be imported, so nothing was exported. \(fix), then export again."
        case let .unexportableTime(event, isEnd):
            "The event \(event) \(isEnd ? "ends" : "is") at a time outside the years Trendy keeps (\(MomentText.yearsDescription)), "
                + "which another program stored: an export holding it could not be imported, so nothing was exported. "
                + (isEnd ? "Give it an end with `trendy edit \(event) --end TIME` (or remove it with --end \"\")"
                         : "Give it a time with `trendy edit \(event) --at TIME`")
                + ", or delete it with `trendy delete \(event)`."
        }
    }

    public var errorDescription: String? { description }

    /// `name` as one word of a shell command the user can paste: quoted when it holds
    /// anything but letters, digits and `._-` ("My Coffee" would be two words).
    static func shellWord(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) }
        if plain && !name.isEmpty { return ControlCharacters.escaped(name) }
        return "'" + ControlCharacters.escaped(name).replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
