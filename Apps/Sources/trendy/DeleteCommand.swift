import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an event.")
    @Argument(help: "The event's id (its first 8 characters, as `trendy list` shows them, are enough).") var id: String
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let events = try store.open(writing: true)
            let event = try events.event(id)
            let label = shortID(event), deleted = EventRow(event)
            try events.check(events.deleteEvent(event))
            if json.enabled { return try printJSON(deleted) }
            print("Deleted the event \(label).")
        }
    }
}
