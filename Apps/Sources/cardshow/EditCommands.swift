import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

// Edits of the fields no figure depends on: names, notes, where and how to reach someone.
// Amounts, dates and the cards of a sale or event are left alone, because event totals,
// profits and stock counts were worked out from them when they were recorded.

extension ContactCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a contact's details; options not given stay as they are.")

        @Argument(help: "The contact's ID.") var id: String
        @Option(help: "Their name.", transform: NameArgument.oneLine) var name: String?
        @Option(help: "Customer, vendor or distributor.") var role: RoleArgument?
        @Option(help: "How much they matter.") var priority: PriorityArgument?
        @Option(help: "Phone number.") var phone: String?
        @Option(help: "Email address.") var email: String?
        @Option(name: .customLong("met-at"), help: "Where you met.") var metAt: String?
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let contact = try ModelLookup(context: context).contact(id)
            if let name { contact.name = name }
            if let role { contact.role = role.role }
            if let priority { contact.priority = priority.priority }
            if let phone { contact.phone = phone }
            if let email { contact.email = email }
            if let metAt { contact.metAt = metAt }
            if let notes { contact.notes = notes }
            try saveEdit(contact.validate, in: context)
            if json.enabled { return try printJSON(ContactView(contact)) }
            print("Updated \(contact.name.forTerminal) (contact \(contact.id.short)).")
        }
    }
}

extension WantCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a want-list item; options not given stay as they are.")

        @Argument(help: "The want-list item's ID.") var id: String
        @Option(help: "The card's name.", transform: NameArgument.oneLine) var card: String?
        @Option(help: "Only this set.") var set: String?
        @Option(help: "Only this variant.") var variant: String?
        @Option(name: .customLong("max-price"), parsing: .unconditional, help: ArgumentHelp("The most they will pay.", valueName: "dollars"), transform: Dollars.parse) var maxPrice: Dollars?
        @Option(help: "How much it matters.") var priority: PriorityArgument?
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let item = try ModelLookup(context: context).wantListItem(id)
            if let card { item.cardName = card }
            if let set { item.setName = set }
            if let variant { item.variant = variant }
            if let maxPrice { item.maxPrice = maxPrice.value }
            if let priority { item.priority = priority.priority }
            if let notes { item.notes = notes }
            try saveEdit(item.validate, in: context)
            if json.enabled { return try printJSON(WantView(item)) }
            print("Updated \(wantDescription(item).forTerminal) (want \(item.id.short)).")
        }
    }
}

extension EventCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an event's name, location, table, notes or the times it started and ended; its date, cards and totals stay as recorded.")

        @Argument(help: "The event's ID.") var id: String
        @Option(help: "The event's name.", transform: NameArgument.oneLine) var name: String?
        @Option(help: "Where it is.") var location: String?
        @Option(help: "Your table number.") var table: String?
        @Option(help: "Notes.") var notes: String?
        @Option(help: ArgumentHelp("When it started (2026-01-13T09:00), for an event that has started.", valueName: "time"),
                transform: DayArgument.parse) var started: DayArgument?
        @Option(help: ArgumentHelp("When it ended (2026-01-13T17:30), for an event that has ended.", valueName: "time"),
                transform: DayArgument.parse) var ended: DayArgument?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func validate() throws {
            for (option, time) in [("--started", started), ("--ended", ended)] {
                if let time, time.date > Date() {
                    throw ArgumentParser.ValidationError("\(option) is a time the event has passed: now at the latest, not \(Format.day(time.date)).")
                }
            }
        }

        func run() throws {
            let context = try store.open()
            let event = try ModelLookup(context: context).event(id)
            if let name { event.name = name }
            if let location { event.location = location }
            if let table { event.tableNumber = table }
            if let notes { event.notes = notes }
            // Its times, which nothing else sets but `event start` and `event end`: another
            // device (a client keeping no rules) may leave it ending before it starts.
            if let started {
                guard event.startTime != nil else {
                    // Two lines, what is wrong and what to do: a message's line is cut at 400 characters.
                    throw ToolError("\(event.name.forTerminal) has not started, so it has no start time to change. Nothing was changed.\n"
                                    + "`cardshow event start \(event.id.short)` starts it.")
                }
                event.startTime = started.date
            }
            if let ended {
                guard !event.isActive, event.endTime != nil else {
                    throw ToolError("\(event.name.forTerminal) has not ended, so it has no end time to change. Nothing was changed.\n"
                                    + "`cardshow event end \(event.id.short)` ends it.")
                }
                event.endTime = ended.date
            }
            try saveEdit(event.validate, in: context)
            if json.enabled { return try printJSON(EventReport(event)) }
            print("Updated \(event.name.forTerminal) (event \(event.id.short)).")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an event that has no sales or trades (one planned by mistake).",
            discussion: "An event with sales or trades stays: deleting it would take their history with it.")

        @Argument(help: "The event's ID.") var id: String
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            var name = "", view: EventReport?
            // The checks and the delete in one transaction: a sale recorded at the event meanwhile is seen.
            try context.transaction {
                let event = try ModelLookup(context: context).event(id)
                if event.isActive {
                    throw ToolError("\(event.name) is running; end it first (cardshow event end), or keep it.")
                }
                let sales = event.sales?.count ?? 0, trades = event.trades?.count ?? 0
                if sales + trades > 0 {
                    throw ToolError("\(event.name) has \(sales) sale\(sales == 1 ? "" : "s") and \(trades) trade\(trades == 1 ? "" : "s"); "
                                      + "an event with history is kept so that its figures stay true. Nothing was deleted.")
                }
                // As it was, as `event list` prints it: once deleted it has no fields left to read.
                (name, view) = (event.name, EventReport(event))
                context.delete(event)
            }
            if json.enabled, let view { return try printJSON(view) }
            print("Deleted \(name.forTerminal).")
        }
    }
}

extension SaleCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a sale's platform, buyer or notes; its amounts stay as recorded (void and record it again to change them).")

        @Argument(help: "The sale's ID.") var id: String
        @Option(help: "Where it sold: eBay, in person, ...") var platform: String?
        @Option(help: "Who bought it.") var buyer: String?
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let sale = try ModelLookup(context: context).sale(id)
            if let platform { sale.platform = platform }
            if let buyer { sale.buyerName = buyer }
            if let notes { sale.notes = notes }
            try saveEdit(sale.validate, in: context)
            if json.enabled { return try printJSON(SaleView(sale)) }
            print("Updated the sale \(sale.id.short).")
        }
    }
}

/// Validates an edited model and saves, or leaves the store as it was.
func saveEdit(_ validate: () throws -> Void, in context: ModelContext) throws {
    do {
        try validate()
        try context.save()
    } catch {
        context.rollback()
        throw error
    }
}
