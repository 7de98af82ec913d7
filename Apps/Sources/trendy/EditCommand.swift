import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change an event's time, type, note or end.")
    @Argument(help: "The event's id (its first 8 characters, as `trendy list` shows them, are enough).") var id: String
    @Option(help: ArgumentHelp("Its new time.", valueName: "time")) var at: String?
    @Option(help: "Its new type.") var type: String?
    @Option(help: "Its new note (\"\" removes it).") var note: String?
    @Option(help: ArgumentHelp("Its new end (\"\" removes it).", valueName: "time")) var end: String?
    // Two flags rather than one with an inversion, which would take the last of
    // `--all-day --no-all-day` silently: contradicting flags are refused.
    @Flag(name: .customLong("all-day"), help: "It lasted the whole day.") var allDayOn = false
    @Flag(name: .customLong("no-all-day"), help: "It did not last the whole day.") var allDayOff = false
    @Flag(name: .customLong("new-id"), help: ArgumentHelp(
        "Give it a new id.", discussion: "Of several events another program stored with one id, each but the earliest gets its own."))
    var newID = false
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    var allDay: Bool? { allDayOn ? true : allDayOff ? false : nil }

    /// Whether anything but a new id is asked for.
    var changesMoreThanID: Bool { at != nil || type != nil || note != nil || end != nil || allDay != nil }

    func validate() throws {
        if allDayOn, allDayOff { throw ValidationError("Give --all-day or --no-all-day, not both.") }
    }

    func run() throws {
        try onMain {
            let input = TimeInput.current
            let time = try at.map(input.parse)
            let endTime = try end.flatMap { $0.isEmpty ? nil : try input.parse($0) }
            let events = try store.open(writing: true)
            let named = try events.events(named: id)
            if newID, named.count > 1 {
                guard !changesMoreThanID else {
                    throw ToolError("\(named.count) events hold the id \(shortID(named[0])), as another program stored them, so it "
                                    + "cannot tell which one to change. Nothing was changed.\nGive them their own ids with `trendy edit "
                                    + "\(shortID(named[0])) --new-id` alone, then change the one you mean by its new id.")
                }
                return try giveOwnIDs(to: named, in: events)
            }
            guard named.count == 1 else { throw EventStore.sharedID(named) }
            let event = named[0]
            let newType = try type.map(events.type)
            try events.check(events.updateEvent(event) { event in
                // Where the event stands here before the change: an all-day event at the start of its
                // date, so that `--no-all-day` keeps it on its day, and `--all-day` keeps a timed one on its own.
                let start = time ?? input.start(of: event)
                let ending = end != nil ? endTime : event.endDate.map { event.isAllDay ? input.allDayStart($0) : $0 }
                if let allDay { event.isAllDay = allDay }
                event.timestamp = input.kept(start, allDay: event.isAllDay)
                event.endDate = ending.map { input.kept($0, allDay: event.isAllDay) }
                if let newType { event.eventType = newType }
                if let note { event.notes = note.isEmpty ? nil : note }
                if newID { event.id = UUID() }
            })
            if json.enabled { return try printJSON(EventRow(event)) }
            print("Changed the event \(shortID(event)).")
        }
    }

    /// Gives each of `shared` (events of one id, earliest first) but the earliest its own id,
    /// each in its own save, and says which is which.
    @MainActor private func giveOwnIDs(to shared: [Event], in events: EventStore) throws {
        let input = TimeInput.current
        let kept = shortID(shared[0])
        var lines = ["The event at \(input.show(shared[0])) keeps the id \(kept)."]
        for event in shared.dropFirst() {
            try events.check(events.updateEvent(event) { $0.id = UUID() })
            lines.append("The event at \(input.show(event)) now has the id \(shortID(event)).")
        }
        if json.enabled { return try printJSON(shared.map(EventRow.init)) }
        print(lines.joined(separator: "\n"))
    }
}
