import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct ContactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact",
        abstract: "Customers, vendors and distributors.",
        subcommands: [Add.self, List.self, Show.self, Edit.self, Delete.self])
}

extension ContactCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a contact.")

        @Option(help: "Their name.", transform: NameArgument.oneLine) var name: String
        @Option(help: "Customer, vendor or distributor.") var role: RoleArgument = .customer
        @Option(help: "How much they matter.") var priority: PriorityArgument = .medium
        @Option(help: "Phone number.") var phone: String?
        @Option(help: "Email address.") var email: String?
        @Option(name: .customLong("met-at"), help: "Where you met: Phoenix Card Show, Facebook, ...") var metAt: String?
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let contact = Contact(name: name, role: role.role, priority: priority.priority)
            contact.phone = phone
            contact.email = email
            contact.metAt = metAt
            contact.notes = notes
            // Checked before the store is opened (the save checks it again): a refused first command leaves no store.
            try contact.validate()
            let context = try store.open(creating: true)
            try ContactService(context: context).add(contact)
            if json.enabled { return try printJSON(ContactView(contact)) }
            print("Added \(contact.name.forTerminal), \(contact.role.rawValue.lowercased()) (contact \(contact.id.short)).")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List contacts by name.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let contacts = try ContactService(context: context).allContacts()
            if json.enabled { return try printJSON(contacts.map(ContactView.init)) }
            guard !contacts.isEmpty else { return print("No contacts. Add one with `cardshow contact add --name NAME`.") }
            var table = Table("ID", "Name", "Role", "Priority", "Phone", "Email", "Purchases", "Wants", rightAligned: [6])
            for contact in contacts {
                table.add(contact.id.short, contact.name, contact.role.rawValue, contact.priority.rawValue, contact.phone ?? "",
                          contact.email ?? "", Format.money(contact.totalPurchases), "\(contact.wantList?.count ?? 0)")
            }
            table.print()
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a contact with their purchases and want list.")

        @Argument(help: "The contact's ID.") var id: String
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let contact = try ModelLookup(context: context).contact(id)
            if json.enabled { return try printJSON(ContactView(contact)) }
            var lines = ["\(contact.name)  [\(contact.id.uuidString)]",
                         "  \(contact.role.rawValue), \(contact.priority.rawValue.lowercased()) priority"]
            if let phone = contact.phone { lines.append("  Phone: \(phone)") }
            if let email = contact.email { lines.append("  Email: \(email)") }
            if let metAt = contact.metAt { lines.append("  Met at: \(metAt)") }
            if let notes = contact.notes { lines.append("  Notes: \(notes)") }
            lines.append("  Purchases: \(contact.purchaseCount), \(Format.money(contact.totalPurchases))")
            for sale in (contact.purchases ?? []).sorted(by: { $0.date > $1.date }) {
                lines.append("    \(Format.day(sale.date)) \(sale.card?.displayName ?? "(deleted card)") \(Format.money(sale.salePrice))")
            }
            lines.append("  Wants:")
            for item in contact.wantList ?? [] {
                lines.append("    \(wantDescription(item))\(item.isMatch ? "  ← in stock" : "") (want \(item.id.short))")
            }
            // Names, notes and card names are stored text (typed or imported): escaped like `card show`.
            print(lines.map(TerminalText.escaped).joined(separator: "\n"))
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a contact and their want list; their purchases stay as sales.")

        @Argument(help: "The contact's ID.") var id: String
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let contact = try ModelLookup(context: context).contact(id)
            // As it was, with the want list that goes with it, as `contact list` prints it.
            let name = contact.name, view = ContactView(contact)
            try ContactService(context: context).delete(contact)
            if json.enabled { return try printJSON(view) }
            print("Deleted \(name.forTerminal) and their want list.")
        }
    }
}

func wantDescription(_ item: WantListItem) -> String {
    var text = item.cardName
    if let set = item.setName { text += " (\(set))" }
    if let variant = item.variant { text += " [\(variant)]" }
    if let maxPrice = item.maxPrice { text += " up to \(Format.money(maxPrice))" }
    return text
}
