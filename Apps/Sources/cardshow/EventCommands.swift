import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct EventCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event",
        abstract: "Vendor mode: plan, start and end card shows, bring cards, and report.",
        subcommands: [Create.self, Start.self, End.self, Bring.self, Report.self, List.self, Edit.self, Delete.self])
}

/// The event a command is about: the one named, or else the running one.
func chosenEvent(_ id: String?, in context: ModelContext) throws -> Event {
    if let id { return try ModelLookup(context: context).event(id) }
    guard let active = try EventService(context: context).activeEvent() else { throw CardShowError.noActiveEvent }
    return active
}

extension EventCommand {
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Plan an event.")

        @Option(help: "The event's name.", transform: NameArgument.oneLine) var name: String
        @Option(help: "Where it is.") var location: String
        @Option(help: ArgumentHelp("When it is (default today).", valueName: "date"), transform: DayArgument.parse) var date: DayArgument?
        @Option(help: "Your table number.") var table: String?
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            // Checked before the store is opened (the save checks it again): a refused first command leaves no store.
            let planned = Event(name: name, date: date?.date ?? Date(), location: location)
            planned.tableNumber = table
            planned.notes = notes
            try planned.validate()
            let context = try store.open(creating: true)
            let event = try EventService(context: context).create(name: name, location: location, date: date?.date ?? Date(),
                                                                  tableNumber: table, notes: notes)
            if json.enabled { return try printJSON(EventReport(event)) }
            print("Planned \(event.name.forTerminal) at \(event.location.forTerminal) on \(Format.day(event.date)) (event \(event.id.short)).")
        }
    }

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start an event: a planned one by ID, or a new one with --name and --location.")

        @Argument(help: "A planned event's ID.") var id: String?
        @Option(help: "The new event's name.", transform: NameArgument.oneLine) var name: String?
        @Option(help: "Where it is.") var location: String?
        @Option(help: "Your table number.") var table: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func validate() throws {
            if id == nil && (name == nil || location == nil) {
                throw ArgumentParser.ValidationError("Give a planned event's ID, or --name and --location for a new one.")
            }
        }

        func run() throws {
            let context = try store.open()
            let service = EventService(context: context)
            let event = try id.map(ModelLookup(context: context).event)
                ?? service.create(name: name!, location: location!, tableNumber: table, save: false)
            try service.start(event)
            if json.enabled { return try printJSON(EventReport(event)) }
            print("Started \(event.name.forTerminal) (event \(event.id.short)). Sales and trades are recorded at it until `cardshow event end`.")
        }
    }

    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "End the running event (or the one given) and report.")

        @Argument(help: "The event's ID (default the running one).") var id: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let event = try chosenEvent(id, in: context)
            try EventService(context: context).end(event)
            if json.enabled { return try printJSON(EventReport(event)) }
            print("Ended \(event.name.forTerminal).")
            printReport(EventReport(event))
        }
    }

    struct Bring: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record cards as brought to an event.")

        @Argument(help: "The cards' IDs; - reads them from standard input, one a line.") var cards: [String]
        @Option(help: "The event (default the running one).") var event: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let event = try chosenEvent(self.event, in: context)
            let brought = try ModelLookup(context: context).cards(StandardInputList.expanded(cards, what: "card IDs"))
            try CardRuleRefusal.naming(brought) { try EventService(context: context).bring(brought, to: event) }
            if json.enabled { return try printJSON(EventReport(event)) }
            print("\(event.name.forTerminal): \(event.cardsCount) card\(event.cardsCount == 1 ? "" : "s") brought.")
        }
    }

    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Report an event's results (default the running or latest event).")

        @Argument(help: "The event's ID.") var id: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let event: Event
            if let id { event = try ModelLookup(context: context).event(id) }
            else if let active = try EventService(context: context).activeEvent() { event = active }
            else if let latest = try EventQueries(context: context).allEvents().first { event = latest }
            else { throw CardShowError.invalidArgument("There are no events yet; start one with `cardshow event start --name NAME --location PLACE`.") }
            let report = EventReport(event)
            if json.enabled { return try printJSON(report) }
            printReport(report)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List events, newest first.")

        @Flag(help: "Only events of the last 3 months.") var recent = false
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let queries = EventQueries(context: context)
            let events = recent ? try queries.recentEvents() : try queries.allEvents()
            if json.enabled { return try printJSON(events.map(EventReport.init)) }
            guard !events.isEmpty else { return print("No events.") }
            var table = Table("ID", "Date", "Name", "Location", "Sold", "Revenue", "Profit", "", rightAligned: [4, 5, 6])
            for event in events {
                table.add(event.id.short, Format.day(event.date), event.name, event.location, "\(event.cardsSold)",
                          Format.money(event.totalRevenue), Format.money(event.totalProfit), event.isActive ? "running" : "")
            }
            table.print()
        }
    }
}

func printReport(_ report: EventReport) {
    print("""
        \(report.name.forTerminal) at \(report.location.forTerminal), \(Format.day(report.date))\(report.isActive ? " (running)" : "")
          Duration:       \(Format.duration(report.duration))
          Revenue:        \(Format.money(report.totalRevenue))
          Profit:         \(Format.money(report.totalProfit))
          Cards brought:  \(report.cardsCount)
          Cards sold:     \(report.cardsSold) (sell-through \(Format.percent(report.sellThroughRate)))
          Average sale:   \(Format.money(report.averageSale))
          Trades:         \(report.tradeCount)
        """)
}
