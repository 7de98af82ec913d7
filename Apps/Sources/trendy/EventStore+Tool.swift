import CommandLineSupport
import Foundation
import Trendy

extension EventStore {
    /// Throws the store's error message when an action returned nil or false.
    func require<Value>(_ value: Value?) throws -> Value {
        guard let value else { throw lastError ?? ToolError(errorMessage ?? "The change could not be made.") }
        return value
    }

    func check(_ succeeded: Bool) throws {
        guard succeeded else { throw lastError ?? ToolError(errorMessage ?? "The change could not be made.") }
    }

    func type(_ name: String) throws -> EventType {
        // A blank name names no type, and adding one would be refused: say what to give instead.
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ToolError("Give the name of an event type, as `trendy types list` shows it.")
        }
        guard let type = eventType(named: name) else { throw TrendyError.unknownType(name) }
        return type
    }

    /// The shortest start of an event's id `edit` and `delete` take: the 8 characters `trendy list` shows.
    static let shortestIDPrefix = 8

    func event(_ id: String) throws -> Event {
        let matching = try events(named: id)
        guard matching.count == 1 else { throw Self.sharedID(matching) }
        return matching[0]
    }

    /// The events `id` names: one, or several that another program stored with one id, which
    /// only `trendy edit --new-id` tells apart (any other command refuses them, ``sharedID(_:)``).
    func events(named id: String) throws -> [Event] {
        guard !id.isEmpty else { throw ToolError("Give the id of an event, as `trendy list` shows it.") }
        // A shorter start named whichever event happened to be the only match: `trendy delete b` deleted one.
        guard id.count >= Self.shortestIDPrefix || UUID(uuidString: id) != nil else {
            throw ToolError("\"\(TerminalText.quoted(id))\" is too short to name an event: give at least the first "
                            + "\(Self.shortestIDPrefix) characters of its id, as `trendy list` shows them, or the whole id. "
                            + "Nothing was changed.")
        }
        let wanted = id.lowercased()
        let matching = events.filter { $0.id.uuidString.lowercased().hasPrefix(wanted) }
        guard let first = matching.first else { throw TrendyError.unknownEvent(id) }
        if matching.contains(where: { $0.id != first.id }) {
            throw ToolError("The id \(id) begins \(matching.count) events' ids: give more of its characters, as `trendy list` shows them.")
        }
        return matching.sorted { $0.timestamp < $1.timestamp }
    }

    /// Several events of one id, which no command but `edit --new-id` can tell apart.
    static func sharedID(_ events: [Event]) -> ToolError {
        let input = TimeInput.current
        let times = events.map { input.show($0) }.joined(separator: ", ")
        return ToolError("\(events.count) events hold the id \(shortID(events[0])) (at \(times)), as another program stored "
                         + "them, so it cannot tell which is meant. Nothing was changed.\nGive each its own id with "
                         + "`trendy edit \(shortID(events[0])) --new-id`, then name the one you mean by its new id.")
    }
}
