import ArgumentParser
import Foundation
import Trendy

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "log", abstract: "Log an event of a type, now or at a given time.")
    @Argument(help: "The event type.") var type: String
    @Option(help: ArgumentHelp("When it happened (default: now).", valueName: "time")) var at: String?
    @Option(help: "A note.") var note: String?
    @Flag(name: .customLong("all-day"), help: "It lasted the whole day.") var allDay = false
    @Option(help: ArgumentHelp("When it ended.", valueName: "time")) var end: String?
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let input = TimeInput.current
            let time = try at.map(input.parse) ?? input.now
            let endTime = try end.map(input.parse)
            let events = try store.open(writing: true)
            let event = try events.require(events.createEvent(type: try events.type(type), at: allDay ? input.calendar.startOfDay(for: time) : time,
                                                              notes: note, isAllDay: allDay, endDate: endTime))
            print("Logged \(event.eventType?.name ?? type) at \(input.show(event.timestamp, allDay: allDay)) (id \(shortID(event))).")
        }
    }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List events, newest first.",
        discussion: "With no filter, every event is listed.")
    @Option(help: ArgumentHelp("From this day or time.", valueName: "time")) var from: String?
    @Option(help: ArgumentHelp("Up to this day (included) or time.", valueName: "time")) var to: String?
    @Option(help: "Only events of this type.") var type: String?
    @Option(help: "At most this many events.") var limit: Int?
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let input = TimeInput.current
            let lower = try from.map { try input.parseDay($0, endOfRange: false) }
            let upper = try to.map { try input.parseDay($0, endOfRange: true) }
            if let lower, let upper, upper <= lower { throw TrendyError.invalidRange }
            if let limit, limit < 1 { throw ToolError("--limit must be at least 1.") }
            let events = try store.open(writing: false)
            let wanted = try type.map { try events.type($0).id }
            var selected = events.events.filter { event in
                (lower.map { event.timestamp >= $0 } ?? true) && (upper.map { event.timestamp < $0 } ?? true)
                    && (wanted.map { event.eventType?.id == $0 } ?? true)
            }
            if let limit { selected = Array(selected.prefix(limit)) }
            if json.enabled { return try printJSON(selected.map(EventRow.init)) }
            guard !selected.isEmpty else {
                return print(events.events.isEmpty ? "No events yet: log one with `trendy log TYPE`." : "No events match.")
            }
            var table = Table("ID", "TIME", "TYPE", "NOTES")
            for event in selected {
                table.add(shortID(event), input.show(event.timestamp, allDay: event.isAllDay) + (event.isAllDay ? " (all day)" : ""),
                          event.eventType?.name ?? "—", event.notes ?? "")
            }
            print(table.render())
        }
    }
}

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change an event's time, type, note or end.")
    @Argument(help: "The event's id (its first characters are enough).") var id: String
    @Option(help: ArgumentHelp("Its new time.", valueName: "time")) var at: String?
    @Option(help: "Its new type.") var type: String?
    @Option(help: "Its new note (\"\" removes it).") var note: String?
    @Option(help: ArgumentHelp("Its new end (\"\" removes it).", valueName: "time")) var end: String?
    @Flag(inversion: .prefixedNo, help: "Whether it lasted the whole day.") var allDay: Bool?
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let input = TimeInput.current
            let time = try at.map(input.parse)
            let endTime = try end.flatMap { $0.isEmpty ? nil : try input.parse($0) }
            let events = try store.open(writing: true)
            let event = try events.event(id)
            let newType = try type.map(events.type)
            try events.check(events.updateEvent(event) { event in
                if let time { event.timestamp = time }
                if let newType { event.eventType = newType }
                if let note { event.notes = note.isEmpty ? nil : note }
                if end != nil { event.endDate = endTime }
                if let allDay { event.isAllDay = allDay }
            })
            print("Changed the event \(shortID(event)).")
        }
    }
}

struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an event.")
    @Argument(help: "The event's id (its first characters are enough).") var id: String
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let events = try store.open(writing: true)
            let event = try events.event(id)
            let label = shortID(event)
            try events.check(events.deleteEvent(event))
            print("Deleted the event \(label).")
        }
    }
}
