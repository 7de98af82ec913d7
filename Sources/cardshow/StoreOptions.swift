import ArgumentParser
import CardShowPro
import Foundation
import OpenSwiftData

/// `--store PATH`, taken by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("store"), help: ArgumentHelp("The store file.", valueName: "path"),
            completion: .file())
    var path: String?

    var url: URL {
        guard let path else { return CardShowStore.defaultURL }
        return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    }

    /// Opens the store (creating it on first use) and a context on it.
    func open() throws -> ModelContext {
        ModelContext(try CardShowStore.container(at: url))
    }
}

/// `--json`, taken by every listing.
struct JSONOption: ParsableArguments {
    @Flag(name: .customLong("json"), help: "Print JSON (for scripts) instead of a table.")
    var enabled = false
}
