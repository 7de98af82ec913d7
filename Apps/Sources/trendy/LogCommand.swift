import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "log", abstract: "Log an event of a type, now or at a given time.")
    @Argument(help: "The event type.") var type: String
    @Option(help: ArgumentHelp("When it happened (default: now).", valueName: "time")) var at: String?
    @Option(help: "A note.") var note: String?
    @Flag(name: .customLong("all-day"), help: "It lasted the whole day.") var allDay = false
    @Option(help: ArgumentHelp("When it ended.", valueName: "time")) var end: String?
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let input = TimeInput.current
            let time = try at.map(input.parse) ?? input.now
            let endTime = try end.map(input.parse)
            let events = try store.open(writing: true)
            let event = try events.require(events.createEvent(type: try events.type(type), at: input.kept(time, allDay: allDay),
                                                              notes: note, isAllDay: allDay,
                                                              endDate: endTime.map { input.kept($0, allDay: allDay) }))
            if json.enabled { return try printJSON(EventRow(event)) }
            print("Logged \((event.eventType?.name ?? type).forTerminal) at \(input.show(event)) (id \(shortID(event))).")
        }
    }
}
