import ArgumentParser
import CommandLineSupport
import Foundation
import SwiftData
import Trendy

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill the store with sample types and four weeks of events, then show the statistics.",
        discussion: "Only a store without events is filled; otherwise demo shows the statistics.")
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let events = try store.open(writing: true, creating: true)
            let filled = try Self.fill(events, input: TimeInput.current)
            // With --json the statistics alone, so that the output is JSON.
            if json.enabled { return }
            if filled {
                print("Added \(events.eventTypes.count) event types and \(events.events.count) events over the four weeks before today.\n")
            } else {
                print("The store already has events, so nothing was added.\n")
            }
        }
        try StatsCommand.parse(["--store", store.url.path] + (json.enabled ? ["--json"] : [])).run()
    }

    /// Four weeks of habits with a shape worth charting: water every day, coffee on
    /// weekdays, workouts three times a week, and a meditation streak that is still going.
    /// False, and nothing added, when the store has events.
    ///
    /// The check and the whole sample are one transaction: two demos at once fill the
    /// store once, and a type of a sample's name already there is used, not added again.
    @MainActor
    static func fill(_ events: EventStore, input: TimeInput) throws -> Bool {
        let context = events.modelContext
        var filled = false
        do {
            try context.transaction {
                guard try context.fetchCount(FetchDescriptor<Event>()) == 0 else { return }
                let stored = try context.fetch(FetchDescriptor<EventType>())
                func type(_ name: String, _ colorHex: String, _ iconName: String) -> EventType {
                    if let type = stored.first(where: { EventType.nameKey($0.name) == EventType.nameKey(name) }) { return type }
                    let type = EventType(name: name, colorHex: colorHex, iconName: iconName)
                    context.insert(type)
                    return type
                }
                let types = (water: type("Water", "#0A84FF", "drop"), coffee: type("Coffee", "#8E5A2B", "cup"),
                             workout: type("Workout", "#34C759", "figure.run"), meditation: type("Meditation", "#AF52DE", "leaf"))
                for (type, time, note) in samples(types, input: input) { context.insert(Event(timestamp: time, eventType: type, notes: note)) }
                filled = true
            }
        } catch {
            context.rollback()
            // The error itself: the engine's are put in the user's words when the command ends.
            throw error
        }
        events.fetchData()
        return filled
    }

    /// The sample events, of the four types.
    static func samples(_ types: (water: EventType, coffee: EventType, workout: EventType, meditation: EventType),
                        input: TimeInput) -> [(EventType, Date, String?)] {
        let (water, coffee, workout, meditation) = types
        let calendar = input.calendar
        let today = calendar.startOfDay(for: input.now)
        var samples: [(EventType, Date, String?)] = []
        for daysAgo in (1...29).reversed() {
            guard let day = calendar.date(byAdding: .day, value: -daysAgo, to: today) else { continue }
            func at(_ hour: Int, _ minute: Int) -> Date { day.addingTimeInterval(Double(hour * 3_600 + minute * 60)) }
            for glass in 0..<(3 + daysAgo % 4) { samples.append((water, at(8 + glass * 3, 15), nil)) }
            let weekday = calendar.component(.weekday, from: day)
            if weekday != 1, weekday != 7 { samples.append((coffee, at(9, 5), daysAgo % 5 == 0 ? "double espresso" : nil)) }
            if [2, 4, 6].contains(weekday) { samples.append((workout, at(18, 30), "gym: \(["legs", "back", "run"][daysAgo % 3])")) }
            if daysAgo <= 12 || daysAgo % 3 == 0 { samples.append((meditation, at(7, 0), "10 minutes")) }
        }
        return samples
    }
}
