import ArgumentParser
import AssetFlow
import CommandLineSupport
import Foundation
import SwiftData

/// `--store PATH`, taken by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("store"), help: ArgumentHelp("The store file.", valueName: "path"), completion: .file())
    var path: String?

    var url: URL {
        guard let path else { return DataFolder.defaultStore(app: "AssetFlow") }
        return URL(fileURLWithPath: UserPath.expanded(path))
    }

    /// The portfolio on the store. Only a command that can start from nothing (`creating`:
    /// it adds a category, an asset or a snapshot) creates a missing store; any other refuses
    /// it, so that a mistyped --store, or a command with nothing to act on, leaves no empty
    /// store behind.
    func open(writing: Bool, creating: Bool = false) throws -> Portfolio {
        try StorePath(tool: "assetflow", storeName: "AssetFlow store",
                      start: "add a category (`assetflow category add NAME`)").check(url, mayCreate: creating)
        if !creating, !FileManager.default.fileExists(atPath: url.path) {
            throw ToolError("There is no store at \(TerminalText.quoted(url.path)) yet. Add a category or an asset, create a snapshot (`assetflow snapshot create DAY`), or run `assetflow demo`."
                            + (writing ? " Nothing was changed." : ""))
        }
        let container = try AssetFlowStore.container(at: url)
        return Portfolio(context: ModelContext(container))
    }
}
