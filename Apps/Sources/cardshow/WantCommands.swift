import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct WantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "want",
        abstract: "Contacts' want lists, and the cards in stock that match them.",
        subcommands: [Add.self, List.self, Matches.self, Edit.self, Delete.self],
        aliases: ["wants", "wantlist"])
}

extension WantCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a card to a contact's want list, and say if it is already in stock.")

        @Option(help: "The contact (their ID).") var contact: String
        @Option(help: "The card's name.", transform: NameArgument.oneLine) var card: String
        @Option(help: "Only this set.") var set: String?
        @Option(help: "Only this variant.") var variant: String?
        @Option(name: .customLong("max-price"), parsing: .unconditional, help: ArgumentHelp("The most they will pay.", valueName: "dollars"), transform: Dollars.parse) var maxPrice: Dollars?
        @Option(help: "How much it matters.") var priority: PriorityArgument = .medium
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            // A want belongs to a contact already in a store: a missing store is refused, not made empty.
            let context = try store.open()
            let owner = try ModelLookup(context: context).contact(contact)
            let item = WantListItem(cardName: card, priority: priority.priority)
            item.setName = set
            item.variant = variant
            item.maxPrice = maxPrice?.value
            item.notes = notes
            let inStock = try ContactService(context: context).addWant(item, to: owner)
            if json.enabled { return try printJSON(WantView(item)) }
            print("\(owner.name.forTerminal) wants \(wantDescription(item).forTerminal) (want \(item.id.short)).")
            if !inStock.isEmpty {
                print("In stock now: " + inStock.map { "\($0.displayName.forTerminal) \(Format.money($0.marketValue)) (\($0.id.short))" }.joined(separator: ", "))
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List want-list items, most important first.")

        @Option(help: "Only this contact's (their ID).") var contact: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            var items = try ContactService(context: context).allWants()
            if let contact {
                let owner = try ModelLookup(context: context).contact(contact)
                items = items.filter { $0.contact === owner }
            }
            if json.enabled { return try printJSON(items.map(WantView.init)) }
            guard !items.isEmpty else { return print("No want-list items. Add one with `cardshow want add --contact ID --card NAME`.") }
            var table = Table("ID", "Contact", "Card", "Priority", "In stock")
            for item in items {
                table.add(item.id.short, item.contact?.name ?? "", wantDescription(item), item.priority.rawValue, item.isMatch ? "yes" : "")
            }
            table.print()
        }
    }

    struct Matches: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the cards in stock that someone wants, with whom to call.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let matches = try WantListMatcher(context: context).allMatches()
            if json.enabled { return try printJSON(matches.map(MatchView.init)) }
            guard !matches.isEmpty else { return print("No card in stock matches a want list.") }
            var table = Table("Contact", "Reach", "Wants", "Card in stock", "Value", "Priority", rightAligned: [4])
            for match in matches {
                table.add(match.contact?.name ?? "", [match.contact?.phone, match.contact?.email].compactMap { $0 }.joined(separator: ", "),
                          wantDescription(match.item), "\(match.card.displayName) (\(match.card.id.short))",
                          Format.money(match.card.marketValue), match.item.priority.rawValue)
            }
            table.print()
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an item from a want list.")

        @Argument(help: "The want-list item's ID.") var id: String
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let item = try ModelLookup(context: context).wantListItem(id)
            // As it was, as `want list` prints it: once deleted it has no fields left to read.
            let text = wantDescription(item), view = WantView(item)
            try ContactService(context: context).removeWant(item)
            if json.enabled { return try printJSON(view) }
            print("Removed \(text.forTerminal).")
        }
    }
}
