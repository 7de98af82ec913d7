import Foundation
import SwiftData
import Testing

/// The seed's calendar import: many inserts, one save, all or nothing.
@Suite struct TrendyBatchImportTests {
    typealias S = TrendyStore

    static func calendarEvents(_ count: Int, from start: Double = 0) -> [CalendarEvent] {
        (0..<count).map { index in
            CalendarEvent(startDate: S.time(start + Double(index) * 3_600), endDate: S.time(start + Double(index) * 3_600 + 1_800),
                          isAllDay: index % 5 == 0, notes: "imported \(index)")
        }
    }

    @Test func importSavesEveryEventOfTheSelectedMappings() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let gym = EventType(name: "Gym"), work = EventType(name: "Work"), skipped = EventType(name: "Skipped")
        try CalendarImport.importEvents([
            EventTypeMapping(eventType: gym, isSelected: true, calendarEvents: Self.calendarEvents(300)),
            EventTypeMapping(eventType: skipped, isSelected: false, calendarEvents: Self.calendarEvents(50)),
            EventTypeMapping(eventType: work, isSelected: true, calendarEvents: Self.calendarEvents(200, from: 1e7)),
        ], into: context)

        let fresh = ModelContext(container)
        #expect(try fresh.fetchCount(FetchDescriptor<Event>()) == 500)
        let types = try fresh.fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)]))
        #expect(types.map(\.name) == ["Gym", "Work"])
        #expect(types.map { $0.events?.count } == [300, 200])
        let first = try #require(types.first?.events?.first)
        #expect(first.notes == "imported 0")
        #expect(first.isAllDay == true)
        #expect(first.endDate == S.time(1_800))
    }

    @Test func anotherContextSeesNoImportedEventBeforeTheSave() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let gym = EventType(name: "Gym")
        for calendarEvent in Self.calendarEvents(100) {
            context.insert(Event(timestamp: calendarEvent.startDate, eventType: gym))
        }
        let observer = ModelContext(container)
        #expect(try observer.fetchCount(FetchDescriptor<Event>()) == 0)
        try context.save()
        #expect(try observer.fetchCount(FetchDescriptor<Event>()) == 100)
    }

    @Test func aBatchThatFailsPartWayWritesNothingAndKeepsItsEvents() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        // A type registered in another context and never saved there: the last imported
        // event cannot be written with it, which fails the save; the 99 events before it
        // must not be written either.
        let foreignContext = ModelContext(container)
        let foreign = EventType(name: "Foreign")
        foreignContext.insert(foreign)
        let gym = EventType(name: "Gym")
        for calendarEvent in Self.calendarEvents(99) {
            context.insert(Event(timestamp: calendarEvent.startDate, eventType: gym))
        }
        let bad = Event(timestamp: S.time(-1), eventType: nil)
        context.insert(bad)
        bad.eventType = foreign

        #expect(throws: (any Error).self) { try context.save() }
        let fresh = ModelContext(container)
        #expect(try fresh.fetchCount(FetchDescriptor<Event>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<EventType>()) == 0)

        // The context still holds the import: fixing the bad event lets it save whole.
        bad.eventType = gym
        try context.save()
        #expect(try fresh.fetchCount(FetchDescriptor<Event>()) == 100)
        #expect(try fresh.fetch(FetchDescriptor<EventType>()).map(\.name) == ["Gym"])
    }
}
