import ArgumentParser
import CommandLineSupport
import Foundation
import SwiftData
import Trendy

/// `--store PATH`, taken by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("store"), help: ArgumentHelp("The store file.", valueName: "path"), completion: .file())
    var path: String?

    var url: URL {
        guard let path else { return DataFolder.defaultStore(app: "Trendy") }
        return URL(fileURLWithPath: UserPath.expanded(path))
    }

    /// How much longer than the store's the name of its log is once moved aside as damaged:
    /// `.damaged-` and a UTC time (`20261204T200000Z`), then `-wal` (`StoreRecovery.moveAside`).
    static let damagedNameOverhead = ".damaged-".utf8.count + "20261204T200000Z".utf8.count + "-wal".utf8.count

    /// The event store, loaded. Only a command that can start from nothing (`creating`: it
    /// adds a type, or imports) creates a missing store; any other refuses it, so that a
    /// mistyped --store, or a command with nothing to act on, leaves no empty store behind. A
    /// damaged store is moved aside and a fresh one started, and the user is told where the
    /// old one went.
    @MainActor
    func open(writing: Bool, creating: Bool = false) throws -> EventStore {
        // Before recovery: an empty file is a wrong path far more often than a damaged store.
        try StorePath(tool: "trendy", storeName: "Trendy store", start: "add a type (`trendy types add NAME`)").check(url, mayCreate: creating)
        // A store that could not be moved aside once damaged (`NAME.damaged-20261204T200000Z-wal`) is not made.
        if creating, !FileManager.default.fileExists(atPath: url.path),
           let problem = FileNameLength.problem(url.path, adding: Self.damagedNameOverhead,
                                                for: "trendy moves a damaged store aside under that name with .damaged- and the time "
                                                    + "added, and its log with -wal after that", what: "store", option: "--store") {
            throw ToolError(problem)
        }
        if !creating, !FileManager.default.fileExists(atPath: url.path) {
            throw ToolError("There is no store at \(TerminalText.quoted(url.path)) yet. Add a type with `trendy types add NAME`, or run `trendy demo`."
                            + (writing ? " Nothing was changed." : ""))
        }
        // Before recovery, which moves a damaged store aside: a file that is no database at
        // all is a wrong path, not a store to move (the other tools refuse it alike).
        try StorePath(tool: "trendy", storeName: "Trendy store", start: "add a type (`trendy types add NAME`)").refuseUnlessDatabase(url)
        // Only trendy writes its default store; a damaged file at a path the user named is
        // moved aside only when it is recognisably a Trendy store.
        let isDefault = url.standardizedFileURL.path == DataFolder.defaultStore(app: "Trendy").standardizedFileURL.path
        let (container, recovery) = try TrendyStore.openRecovering(at: url, movingUnidentified: isDefault)
        if let recovery {
            // A listing of the new store would be empty, and an empty listing with exit
            // status 0 says "no events", not "your store was damaged": the other tools
            // refuse a damaged store, so a listing fails here too, having moved it aside.
            guard writing else {
                throw ToolError("\(recovery) Nothing is listed, as the new store is empty; run the command again to list it.")
            }
            printError("trendy: \(recovery)")
        }
        let store = EventStore(modelContext: ModelContext(container))
        // The error itself, not its text: the engine's errors are put in the user's words when the command ends.
        guard store.fetchData() else { throw store.lastError ?? ToolError(store.errorMessage ?? "The store could not be read.") }
        return store
    }
}
