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

    /// The portfolio on the store. A command that only reads refuses a store that does
    /// not exist rather than creating an empty one (a mistyped --store).
    func open(writing: Bool) throws -> Portfolio {
        try StorePath(tool: "assetflow", storeName: "AssetFlow store",
                      start: "add a category (`assetflow category add NAME`)").check(url, mayCreate: writing)
        if !writing, !FileManager.default.fileExists(atPath: url.path) {
            throw ToolError("There is no store at \(url.path) yet. Add a category or an asset, or run `assetflow demo`.")
        }
        let container = try AssetFlowStore.container(at: url)
        return Portfolio(context: ModelContext(container))
    }
}
