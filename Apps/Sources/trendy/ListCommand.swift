import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List events, newest first.",
        discussion: "With no filter, every event is listed.")
    @Option(help: ArgumentHelp("From this day or time.", valueName: "time")) var from: String?
    @Option(help: ArgumentHelp("Up to this day (included), or to this time (not included).", valueName: "time")) var to: String?
    @Option(help: "Only events of this type.") var type: String?
    @Option(help: "At most this many events.", transform: WholeNumber.parse) var limit: Int?
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
            // The type itself, not its id: two types another program gave one id each listed both's events.
            let wanted = try type.map { try events.type($0).persistentModelID }
            // An all-day event stands at the start of its date here, not at the moment it is kept as (`AllDay`).
            var selected = events.events.map { (event: $0, start: input.start(of: $0)) }.filter { row in
                (lower.map { row.start >= $0 } ?? true) && (upper.map { row.start < $0 } ?? true)
                    && (wanted.map { row.event.eventType?.persistentModelID == $0 } ?? true)
            }.sorted { ($0.start, $0.event.timestamp) > ($1.start, $1.event.timestamp) }.map(\.event)
            if let limit { selected = Array(selected.prefix(limit)) }
            if json.enabled { return try printJSON(selected.map(EventRow.init)) }
            guard !selected.isEmpty else {
                return print(events.events.isEmpty ? "No events yet: log one with `trendy log TYPE`." : "No events match.")
            }
            var table = Table("ID", "TIME", "TYPE", "NOTES")
            for event in selected {
                table.add(shortID(event), input.show(event) + (event.isAllDay ? " (all day)" : ""),
                          event.eventType?.name ?? "—", event.notes ?? "")
            }
            print(table.render())
        }
    }
}
