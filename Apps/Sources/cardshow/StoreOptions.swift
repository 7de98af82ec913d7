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
        return URL(fileURLWithPath: UserPath.expanded(path))
    }

    /// Whether there is a file at the store's path.
    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Opens the store and a context on it. Only a command that adds something creates a
    /// missing store (`creating`): any other refuses, so that a mistyped --store creates
    /// no empty store and no folders. A folder and an empty file are refused (`StorePath`).
    /// `writing` is false for a command that only reads. A command that writes takes no
    /// lock of its own: each change checks and saves in one transaction of the library.
    func open(creating: Bool = false, writing: Bool = true) throws -> ModelContext {
        try StorePath(tool: "cardshow", storeName: "CardShow Pro store", start: "add a card").check(url, mayCreate: creating)
        if !creating, !exists { throw StoreProblem.missing(path: url.path, named: path != nil) }
        return ModelContext(try CardShowStore.container(at: url))
    }
}
