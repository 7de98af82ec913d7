import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

struct TypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types", abstract: "Add, list, rename, edit and delete event types.",
        subcommands: [Add.self, List.self, Rename.self, Edit.self, Delete.self], defaultSubcommand: List.self)

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an event type (names ignore case).")
        @Argument(help: "The type's name.") var name: String
        @Option(help: ArgumentHelp("Its colour, #RRGGBB.", valueName: "hex")) var color = "#007AFF"
        @Option(help: "Its icon's name.") var icon = "circle"
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            try onMain {
                // What can be checked without the store is, before it is opened: a refused first command leaves no store.
                _ = try EventStore.checkedNameAlone(name)
                _ = try EventStore.checkedColor(color)
                let events = try store.open(writing: true, creating: true)
                let type = try events.require(events.createEventType(name: name, colorHex: color, iconName: icon))
                if json.enabled { return try printJSON(List.Row(type, in: events)) }
                print("Added the event type \(type.name.forTerminal) (\(type.colorHex.forTerminal), \(type.iconName.forTerminal)).")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the event types with their event counts.")
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        /// A type as the listing prints it with --json, and as the commands that change one print it.
        struct Row: Encodable {
            let name: String; let color: String; let icon: String; let events: Int

            @MainActor init(_ type: EventType, in store: EventStore) {
                name = type.name
                color = type.colorHex
                icon = type.iconName
                events = store.events(for: type).count
            }
        }

        func run() throws {
            try onMain {
                let events = try store.open(writing: false)
                let rows = events.eventTypes.map { Row($0, in: events) }
                if json.enabled { return try printJSON(rows) }
                guard !rows.isEmpty else { return print("No event types yet: add one with `trendy types add NAME`.") }
                var table = Table("TYPE", "COLOUR", "ICON", "EVENTS", rightAligned: [3])
                for row in rows { table.add(row.name, row.color, row.icon, "\(row.events)") }
                print(table.render())
            }
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename an event type; its events keep it.")
        @Argument var name: String
        @Argument(help: "The new name.") var newName: String
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            try onMain {
                let events = try store.open(writing: true)
                // Its words for a blank or unknown name, before the rename checks the name again in its transaction.
                let type = try events.type(name)
                try events.check(events.renameEventType(named: name, to: newName))
                if json.enabled { return try printJSON(List.Row(type, in: events)) }
                print("Renamed the event type \(name.forTerminal) to \(newName.forTerminal).")
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change an event type's name, colour or icon; its events keep it.")
        @Argument(help: "The type's name.") var name: String
        @Option(name: .customLong("name"), help: "Its new name.") var newName: String?
        @Option(help: ArgumentHelp("Its new colour, #RRGGBB.", valueName: "hex")) var color: String?
        @Option(help: "Its new icon's name.") var icon: String?
        @Flag(name: .customLong("new-id"), help: ArgumentHelp(
            "Give it a new id.", discussion: "To tell it from another type another program stored with the same id."))
        var newID = false
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func validate() throws {
            if newName == nil, color == nil, icon == nil, !newID {
                throw ValidationError("Give what to change: --name, --color, --icon or --new-id.")
            }
        }

        func run() throws {
            try onMain {
                if let color { _ = try EventStore.checkedColor(color) }
                let events = try store.open(writing: true)
                let type = try events.type(name)
                try events.check(events.updateEventType(type, name: newName, colorHex: color, iconName: icon, id: newID ? UUID() : nil))
                if json.enabled { return try printJSON(List.Row(type, in: events)) }
                print("Changed the event type \(type.name.forTerminal) (\(type.colorHex.forTerminal), \(type.iconName.forTerminal)).")
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an event type.", discussion: "Its events are kept, without a type.")
        @Argument var name: String
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            try onMain {
                let events = try store.open(writing: true)
                let type = try events.type(name)
                // As it was, with the events it had: they are kept, without a type.
                let deleted = List.Row(type, in: events)
                let count = try events.require(events.deleteEventTypeCountingEvents(type))
                if json.enabled { return try printJSON(deleted) }
                print("Deleted the event type \(name.forTerminal); its \(count) event\(count == 1 ? "" : "s") \(count == 1 ? "was" : "were") kept without a type.")
            }
        }
    }
}
