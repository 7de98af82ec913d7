import Foundation
import SwiftData
import Testing
import Trendy

/// Event.eventType <-> EventType.events, whose inverse SwiftData infers (neither side names it).
@Suite struct RelationshipTests {
    typealias F = Fixtures

    @Test func creatingAnEventWithATypeAddsItToTheTypesEvents() throws {
        let context = ModelContext(try F.inMemory())
        let water = EventType(name: "Water")
        context.insert(water)
        let event = Event(timestamp: F.time(0), eventType: water)
        #expect(water.events?.count == 1)
        #expect(water.events?.first === event)
    }

    @Test func changingAnEventsTypeMovesItBetweenTypes() throws {
        let container = try F.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water"), coffee = EventType(name: "Coffee")
        context.insert(water)
        context.insert(coffee)
        let event = Event(timestamp: F.time(0), eventType: water)
        try context.save()

        event.eventType = coffee
        #expect(water.events?.isEmpty == true)
        try context.save()
        let types = try ModelContext(container).fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)]))
        #expect(types.map { $0.events?.count } == [1, 0])
    }

    @Test func eventsCanBeFetchedByTheirTypesId() throws {
        let container = try F.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water"), coffee = EventType(name: "Coffee")
        for (offset, type) in [water, coffee, water].enumerated() {
            context.insert(Event(timestamp: F.time(Double(offset)), eventType: type))
        }
        context.insert(Event(timestamp: F.time(9), eventType: nil))
        try context.save()

        let id = water.id
        let events = try ModelContext(container).fetch(FetchDescriptor<Event>(
            predicate: #Predicate { $0.eventType?.id == id }, sortBy: [SortDescriptor(\.timestamp)]))
        #expect(events.map(\.timestamp) == [F.time(0), F.time(2)])
    }
}
