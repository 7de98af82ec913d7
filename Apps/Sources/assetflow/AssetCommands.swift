import ArgumentParser
import AssetFlow
import CommandLineSupport
import Foundation

struct AssetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "asset", abstract: "Add, list, move, rename and delete assets.",
        subcommands: [Add.self, List.self, Move.self, Rename.self, RenamePlatform.self, Delete.self])

    struct Identity: ParsableArguments {
        @Argument(help: "The asset's name.") var name: String
        @Option(name: .customLong("platform"), help: "Its platform or broker (none when omitted).") var platformText: String?

        /// Looking an asset up, an empty --platform is the same as none (scripts pass empty variables).
        var platform: String { platformText ?? "" }

        /// Naming a new asset's platform, an empty one is a mistake: an asset without a platform
        /// is written by leaving --platform out.
        func newPlatform() throws -> String {
            guard let platformText else { return "" }
            guard !platformText.allSatisfy(\.isWhitespace) else { throw AssetError.emptyPlatform }
            return platformText
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an asset: a (name, platform) pair, ignoring case and spacing.")
        @OptionGroup var asset: Identity
        @Option(help: "Its currency code, such as USD or TWD.") var currency: String
        @Option(help: "Its category.") var category: String?
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            // Checked before the store is opened: a refused first command leaves no store. A category
            // must already be in a store, so naming one needs a store.
            try Portfolio.checkNewAsset(named: asset.name, platform: asset.newPlatform(), currency: currency)
            let added = try store.open(writing: true, creating: category == nil)
                .addAsset(named: asset.name, platform: asset.newPlatform(), currency: currency, category: category)
            if json.enabled { return try printJSON(List.Row(added)) }
            print("Added \(Portfolio.label(added).forTerminal), in \(added.currency.forTerminal)\(added.category.map { ", to \($0.name.forTerminal)" } ?? "").")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the assets.")
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        /// An asset as the listing prints it with --json, and as the commands that change one print it.
        struct Row: Encodable {
            let name: String; let platform: String; let currency: String; let category: String?; let snapshots: Int

            init(_ asset: AssetFlow.Asset) {
                name = asset.name
                platform = asset.platform
                currency = asset.currency
                category = asset.category?.name
                snapshots = asset.snapshotAssetValues?.count ?? 0
            }
        }

        func run() throws {
            let rows = try store.open(writing: false).assets().map(Row.init)
            if json.enabled { return try printJSON(rows) }
            guard !rows.isEmpty else { return print("No assets yet: add one with `assetflow asset add NAME --currency USD`.") }
            var table = Table("ASSET", "PLATFORM", "CURRENCY", "CATEGORY", "SNAPSHOTS", rightAligned: [4])
            for row in rows { table.add(row.name, row.platform, row.currency, row.category ?? "—", String(row.snapshots)) }
            print(table.render())
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move an asset to a category, or out of any with --none.")
        @OptionGroup var asset: Identity
        @Option(help: "The category it moves to.") var category: String?
        @Flag(help: "Take it out of its category.") var none = false
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func validate() throws {
            if (category == nil) == !none { throw ValidationError("Give either --category NAME or --none.") }
        }

        func run() throws {
            let portfolio = try store.open(writing: true)
            try portfolio.moveAsset(named: asset.name, platform: asset.platform, to: category)
            if json.enabled { return try printJSON(List.Row(try portfolio.asset(named: asset.name, platform: asset.platform))) }
            print(category.map { "Moved \(asset.name.forTerminal) to \($0.forTerminal)." } ?? "Took \(asset.name.forTerminal) out of its category.")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename an asset.")
        @OptionGroup var asset: Identity
        @Option(name: .customLong("to"), help: "The new name.") var newName: String
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            let portfolio = try store.open(writing: true)
            try portfolio.renameAsset(named: asset.name, platform: asset.platform, to: newName)
            if json.enabled { return try printJSON(List.Row(try portfolio.asset(named: newName, platform: asset.platform))) }
            print("Renamed \(asset.name.forTerminal) to \(newName.forTerminal).")
        }
    }

    struct RenamePlatform: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename-platform", abstract: "Rename a platform on every asset that uses it.")
        @Argument var platform: String
        @Argument(help: "The new name.") var newName: String
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            let portfolio = try store.open(writing: true)
            try portfolio.renamePlatform(platform, to: newName)
            if json.enabled {
                let renamed = try portfolio.assets().filter { AssetFlow.Identity.normalize($0.platform) == AssetFlow.Identity.normalize(newName) }
                return try printJSON(renamed.map(List.Row.init))
            }
            print("Renamed the platform \(platform.forTerminal) to \(newName.forTerminal).")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an asset.", discussion: "An asset with values in snapshots is kept, and the snapshots are named.")
        @OptionGroup var asset: Identity
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            let portfolio = try store.open(writing: true)
            let deleted = List.Row(try portfolio.asset(named: asset.name, platform: asset.platform))
            try portfolio.deleteAsset(named: asset.name, platform: asset.platform)
            if json.enabled { return try printJSON(deleted) }
            print("Deleted \(asset.name.forTerminal).")
        }
    }
}
