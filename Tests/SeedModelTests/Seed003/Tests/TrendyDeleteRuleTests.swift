import Foundation
import SwiftData
import Testing

/// EventType.events is `.nullify`: deleting a type keeps its events, without a type.
@Suite struct TrendyDeleteRuleTests {
    typealias S = TrendyStore

    @Test func deletingATypeKeepsItsEventsWithoutAType() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water"), coffee = EventType(name: "Coffee")
        let events = [water, water, coffee].enumerated().map { Event(timestamp: S.time(Double($0)), eventType: $1) }
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

    @Test func deletingATypeClearsItsEventsBeforeTheSave() throws {
        let context = ModelContext(try S.inMemory())
        let water = EventType(name: "Water")
        let event = Event(timestamp: S.time(0), eventType: water)
        context.insert(event)
        try context.save()

        context.delete(water)
        context.processPendingChanges()
        #expect(event.eventType == nil)
        #expect(!event.isDeleted)
    }

    @Test func deletingAnEventRemovesItFromItsTypesEvents() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        let first = Event(timestamp: S.time(0), eventType: water, notes: "first")
        _ = Event(timestamp: S.time(1), eventType: water, notes: "second")
        context.insert(water)
        try context.save()

        context.delete(first)
        try context.save()
        #expect(water.events?.map(\.notes) == ["second"])
        let readContext = ModelContext(container)
        let types = try readContext.fetch(FetchDescriptor<EventType>())
        #expect(types.first?.events?.map(\.notes) == ["second"])
    }

    @Test func anEventWhoseTypeWasDeletedCanBeGivenANewType() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        let event = Event(timestamp: S.time(0), eventType: water)
        context.insert(event)
        try context.save()
        context.delete(water)
        try context.save()

        event.eventType = EventType(name: "Tea")
        try context.save()
        let readContext = ModelContext(container)
        let stored = try readContext.fetch(FetchDescriptor<Event>())
        #expect(stored.map { $0.eventType?.name } == ["Tea"])
    }

    @Test func deletingATypeFetchedInAFreshContextClearsEventsItNeverLoaded() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        for offset in 0..<3 { context.insert(Event(timestamp: S.time(Double(offset)), eventType: water)) }
        try context.save()

        let fresh = ModelContext(container)
        fresh.delete(try #require(try fresh.fetch(FetchDescriptor<EventType>()).first))
        try fresh.save()

        let check = ModelContext(container)
        #expect(try check.fetchCount(FetchDescriptor<EventType>()) == 0)
        #expect(try check.fetch(FetchDescriptor<Event>()).map { $0.eventType == nil } == [true, true, true])
    }
}
