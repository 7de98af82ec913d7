import ArgumentParser
import AssetFlow
import CommandLineSupport
import Foundation

struct CategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category", abstract: "Add, list, rename, retarget and delete categories.",
        subcommands: [Add.self, List.self, Rename.self, Target.self, Delete.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a category (names ignore case and spacing).")
        @Argument(help: "The category's name.") var name: String
        @Option(help: ArgumentHelp("Its target share of the portfolio, 0 to 100.", valueName: "percent")) var target: String?
        @Option(help: "Its place in listings, 0 to 9999 (lower first; default: 0).", transform: WholeNumber.parse) var order: Int = 0
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            guard (0...9_999).contains(order) else {
                throw ToolError("--order is a place in listings, from 0 to 9999 (lower first), not \(order). Nothing was changed.")
            }
            let target = try target.map(Money.parse)
            // Checked before the store is opened: a refused first command leaves no store.
            try Portfolio.checkNewCategory(named: name, target: target)
            let portfolio = try store.open(writing: true, creating: true)
            let category = try portfolio.addCategory(named: name, target: target, displayOrder: order)
            if json.enabled { return try printJSON(List.Row(category)) }
            print("Added the category \(category.name.forTerminal)\(target.map { " (target \(percent($0)))" } ?? "").")
            if target != nil, let note = try TargetsOverWhole.note(for: portfolio) { print(note) }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the categories with their assets and targets.")
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        /// A category as the listing prints it with --json, and as the commands that change one print it.
        struct Row: Encodable {
            let name: String; let target: String?; let assets: [String]

            init(_ category: AssetFlow.Category) {
                name = category.name
                target = category.targetAllocationPercentage.map(Money.text)
                assets = (category.assets ?? []).map(Portfolio.label).sorted()
            }
        }

        func run() throws {
            let rows = try store.open(writing: false).categories().map(Row.init)
            if json.enabled { return try printJSON(rows) }
            guard !rows.isEmpty else { return print("No categories yet: add one with `assetflow category add NAME`.") }
            var table = Table("CATEGORY", "TARGET", "ASSETS")
            for row in rows { table.add(row.name, row.target.map { $0 + "%" } ?? "—", row.assets.joined(separator: ", ")) }
            print(table.render())
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a category.")
        @Argument var name: String
        @Argument(help: "The new name.") var newName: String
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            let portfolio = try store.open(writing: true)
            try portfolio.renameCategory(name, to: newName)
            if json.enabled { return try printJSON(List.Row(try portfolio.category(named: newName))) }
            print("Renamed the category \(name.forTerminal) to \(newName.forTerminal).")
        }
    }

    struct Target: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a category's target percentage, or `none`.")
        @Argument var name: String
        // Taken as every word the parser does not know, so that a negative number ("-5")
        // reaches the target's own rule instead of reading as an unknown option.
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("0 to 100, or none.", valueName: "percent")) var targets: [String] = []
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        var target: String { targets.first ?? "" }

        func validate() throws {
            if targets.count != 1 { throw ValidationError("Give the category's name and one target: 0 to 100, or none.") }
        }

        func run() throws {
            let value = target.lowercased() == "none" ? nil : try Money.parse(target)
            let portfolio = try store.open(writing: true)
            try portfolio.setTarget(of: name, to: value)
            if json.enabled { return try printJSON(List.Row(try portfolio.category(named: name))) }
            print("The category \(name.forTerminal) now has \(value.map { "a target of \(percent($0))" } ?? "no target").")
            if value != nil, let note = try TargetsOverWhole.note(for: portfolio) { print(note) }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a category.",
            discussion: "A category that still holds assets is kept, and its assets are named, unless --reassign-to gives the category that takes them (\"\" for none).")
        @Argument var name: String
        @Option(name: .customLong("reassign-to"), help: ArgumentHelp("The category its assets move to.", valueName: "category"))
        var reassignTo: String?
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            let portfolio = try store.open(writing: true)
            // As it was before it went: the assets it held, which --reassign-to moved.
            let deleted = List.Row(try portfolio.category(named: name))
            try portfolio.deleteCategory(name, reassigningTo: reassignTo)
            if json.enabled { return try printJSON(deleted) }
            print("Deleted the category \(name.forTerminal).")
        }
    }
}
