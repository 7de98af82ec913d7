import Foundation
import SwiftData
import Testing
import Trendy

/// EventType.events is `.nullify`: deleting a type keeps its events, without a type.
@Suite struct DeleteRuleTests {
    typealias F = Fixtures

    @Test func deletingATypeKeepsItsEventsWithoutAType() throws {
        let container = try F.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water"), coffee = EventType(name: "Coffee")
        let events = [water, water, coffee].enumerated().map { Event(timestamp: F.time(Double($0)), eventType: $1) }
        events.forEach(context.insert)
        try context.save()

        context.delete(water)
        try context.save()
        #expect(events.map { $0.eventType?.name } == [nil, nil, "Coffee"])
        let fresh = ModelContext(container)
        #expect(try fresh.fetch(FetchDescriptor<EventType>()).map(\.name) == ["Coffee"])
        let stored = try fresh.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)]))
        #expect(stored.map { $0.eventType?.name } == [nil, nil, "Coffee"])
    }

    @Test func deletingATypeFetchedInAFreshContextClearsEventsItNeverLoaded() throws {
        let container = try F.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        for offset in 0..<3 { context.insert(Event(timestamp: F.time(Double(offset)), eventType: water)) }
        try context.save()

        let fresh = ModelContext(container)
        fresh.delete(try #require(try fresh.fetch(FetchDescriptor<EventType>()).first))
        try fresh.save()
        let check = ModelContext(container)
        #expect(try check.fetchCount(FetchDescriptor<EventType>()) == 0)
        #expect(try check.fetch(FetchDescriptor<Event>()).map { $0.eventType == nil } == [true, true, true])
    }

    @Test func deletingAnEventRemovesItFromItsTypesEvents() throws {
        let container = try F.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        let first = Event(timestamp: F.time(0), eventType: water, notes: "first")
        _ = Event(timestamp: F.time(1), eventType: water, notes: "second")
        context.insert(water)
        try context.save()

        context.delete(first)
        try context.save()
        #expect(water.events?.map(\.notes) == ["second"])
        let types = try ModelContext(container).fetch(FetchDescriptor<EventType>())
        #expect(types.first?.events?.map(\.notes) == ["second"])
    }
}
