import ArgumentParser
import Foundation
import SwiftData
import Trendy

/// `--store PATH`, taken by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("store"), help: ArgumentHelp("The store file.", valueName: "path"), completion: .file())
    var path: String?

    var url: URL {
        guard let path else { return TrendyStore.defaultURL }
        return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    }

    /// The event store, loaded. A command that only reads refuses a store that does not
    /// exist rather than creating an empty one (a mistyped --store). A damaged store is
    /// moved aside and a fresh one started, and the user is told where the old one went.
    @MainActor
    func open(writing: Bool) throws -> EventStore {
        if !writing, !FileManager.default.fileExists(atPath: url.path) {
            throw ToolError("There is no store at \(url.path) yet. Add a type with `trendy types add NAME`, or run `trendy demo`.")
        }
        let (container, recovery) = try TrendyStore.openRecovering(at: url)
        if let recovery { printError("trendy: \(recovery)") }
        let store = EventStore(modelContext: ModelContext(container))
        guard store.fetchData() else { throw ToolError(store.errorMessage ?? "The store could not be read.") }
        return store
    }
}

/// `--json`, taken by every listing.
struct JSONOption: ParsableArguments {
    @Flag(name: .customLong("json"), help: "Print JSON (for scripts) instead of a table.")
    var enabled = false
}

/// An error told to the user as it is.
struct ToolError: LocalizedError, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var errorDescription: String? { message }
    var description: String { message }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Runs a command's body on the main actor, where the event store lives: commands run
/// on the main thread, which `assumeIsolated` checks.
func onMain(_ body: @MainActor () throws -> Void) throws {
    try MainActor.assumeIsolated { try body() }
}

extension EventStore {
    /// Throws the store's error message when an action returned nil or false.
    func require<Value>(_ value: Value?) throws -> Value {
        guard let value else { throw ToolError(errorMessage ?? "The change could not be made.") }
        return value
    }

    func check(_ succeeded: Bool) throws {
        guard succeeded else { throw ToolError(errorMessage ?? "The change could not be made.") }
    }

    func type(_ name: String) throws -> EventType {
        guard let type = eventType(named: name) else { throw TrendyError.unknownType(name) }
        return type
    }

    func event(_ id: String) throws -> Event {
        guard !id.isEmpty else { throw ToolError("Give the id of an event, as `trendy list` shows it.") }
        if let event = event(idPrefix: id) { return event }
        let matching = events.filter { $0.id.uuidString.lowercased().hasPrefix(id.lowercased()) }.count
        if matching > 1 { throw ToolError("The id \(id) begins \(matching) events' ids: give more of its characters, as `trendy list` shows them.") }
        throw TrendyError.unknownEvent(id)
    }
}
