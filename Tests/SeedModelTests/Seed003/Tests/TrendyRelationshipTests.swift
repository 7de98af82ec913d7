import Foundation
import SwiftData
import Testing

/// Event.eventType <-> EventType.events, whose inverse SwiftData infers (neither side names it).
@Suite struct TrendyRelationshipTests {
    typealias S = TrendyStore

    @Test func creatingAnEventWithATypeAddsItToTheTypesEvents() throws {
        let context = ModelContext(try S.inMemory())
        let water = EventType(name: "Water")
        context.insert(water)
        let event = Event(timestamp: S.time(0), eventType: water)
        #expect(water.events?.count == 1)
        #expect(water.events?.first === event)
    }

    @Test func appendingToATypesEventsSetsTheEventsType() throws {
        let context = ModelContext(try S.inMemory())
        let water = EventType(name: "Water")
        context.insert(water)
        let event = Event(timestamp: S.time(0), eventType: nil)
        water.events?.append(event)
        #expect(event.eventType === water)
        #expect(event.modelContext === context)
    }

    @Test func changingAnEventsTypeMovesItBetweenTypes() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water"), coffee = EventType(name: "Coffee")
        context.insert(water)
        context.insert(coffee)
        let event = Event(timestamp: S.time(0), eventType: water)
        try context.save()

        event.eventType = coffee
        #expect(water.events?.isEmpty == true)
        #expect(coffee.events?.first === event)
        try context.save()

        let readContext = ModelContext(container)
        let types = try readContext.fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)]))
        #expect(types.map(\.name) == ["Coffee", "Water"])
        #expect(types.map { $0.events?.count } == [1, 0])
    }

    @Test func typeEventsKeepTheirOrderAndInverseInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        context.insert(water)
        water.events = [S.time(30), S.time(10), S.time(20)].map { Event(timestamp: $0, eventType: nil, notes: "\($0)") }
        try context.save()

        let readContext = ModelContext(container)
        let types = try readContext.fetch(FetchDescriptor<EventType>())
        let events = try #require(types.first?.events)
        #expect(events.map(\.timestamp) == [S.time(30), S.time(10), S.time(20)])
        #expect(events.allSatisfy { $0.eventType === types.first })
    }

    @Test func eventFetchedFirstFindsItsTypeInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        context.insert(Event(timestamp: S.time(0), eventType: water, notes: "glass"))
        try context.save()

        let readContext = ModelContext(container)
        let events = try readContext.fetch(FetchDescriptor<Event>())
        #expect(events.first?.eventType?.name == "Water")
        #expect(events.first?.eventType?.id == water.id)
        #expect(events.first?.eventType?.events?.first === events.first)
    }

    @Test func eventsCanBeFetchedByTheirTypesId() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water"), coffee = EventType(name: "Coffee")
        for (offset, type) in [water, coffee, water].enumerated() {
            context.insert(Event(timestamp: S.time(Double(offset)), eventType: type))
        }
        context.insert(Event(timestamp: S.time(9), eventType: nil))
        try context.save()

        let id = water.id
        let readContext = ModelContext(container)
        let events = try readContext.fetch(FetchDescriptor<Event>(
            predicate: #Predicate { $0.eventType?.id == id }, sortBy: [SortDescriptor(\.timestamp)]))
        #expect(events.map(\.timestamp) == [S.time(0), S.time(2)])
    }
}
