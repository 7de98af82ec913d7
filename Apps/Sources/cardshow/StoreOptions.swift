import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

/// `--store PATH`, taken by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("store"), help: ArgumentHelp("The store file.", valueName: "path"),
            completion: .file())
    var path: String?

    var url: URL {
        guard let path else { return DataFolder.defaultStore(app: "CardShowPro") }
        return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    }

    /// Whether there is a file at the store's path.
    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Opens the store and a context on it. Only a command that adds something creates a
    /// missing store (`creating`): any other refuses, so that a mistyped --store creates
    /// no empty store and no folders. A folder and an empty file are refused (`StorePath`).
    ///
    /// A command that changes the store (`writing`, the default, so that a new command is
    /// safe unless it is known to only read) holds the store's `StoreWriteLock` until it
    /// ends: its checks (the card is in stock, no event is running, the card is not already
    /// at a grader) are reads before the save, and two processes selling one card at once
    /// would otherwise both find it in stock. Commands that only read do not wait.
    func open(creating: Bool = false, writing: Bool = true) throws -> ModelContext {
        try StorePath(tool: "cardshow", storeName: "CardShow Pro store", start: "add a card").check(url, mayCreate: creating)
        if !creating, !exists { throw StoreProblem.missing(path: url.path) }
        let container = try CardShowStore.container(at: url)
        if writing || creating { try StoreWriteLock.hold(for: url, tool: "cardshow") }
        return ModelContext(container)
    }
}
