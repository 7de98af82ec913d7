import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill the store with sample types and four weeks of events, then show the statistics.",
        discussion: "Only a store without events is filled; otherwise demo shows the statistics.")
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let events = try store.open(writing: true)
            if events.events.isEmpty {
                try Self.fill(events, input: TimeInput.current)
                print("Added \(events.eventTypes.count) event types and \(events.events.count) events over the four weeks before today.\n")
            } else {
                print("The store already has events, so nothing was added.\n")
            }
        }
        try StatsCommand.parse(["--store", store.url.path]).run()
    }

    /// Four weeks of habits with a shape worth charting: water every day, coffee on
    /// weekdays, workouts three times a week, and a meditation streak that is still going.
    @MainActor
    static func fill(_ events: EventStore, input: TimeInput) throws {
        let calendar = input.calendar
        let water = try events.require(events.createEventType(name: "Water", colorHex: "#0A84FF", iconName: "drop"))
        let coffee = try events.require(events.createEventType(name: "Coffee", colorHex: "#8E5A2B", iconName: "cup"))
        let workout = try events.require(events.createEventType(name: "Workout", colorHex: "#34C759", iconName: "figure.run"))
        let meditation = try events.require(events.createEventType(name: "Meditation", colorHex: "#AF52DE", iconName: "leaf"))
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
        for (type, time, note) in samples { events.modelContext.insert(Event(timestamp: time, eventType: type, notes: note)) }
        // One save for them all, as the seed's batch import does.
        do { try events.modelContext.save() } catch {
            events.modelContext.rollback()
            throw ToolError("The sample events could not be saved: \(error.localizedDescription)")
        }
        events.fetchData()
    }
}
