import Foundation
import SwiftData
import Testing

/// The seed's EventStore, driven as the app's views drive it.
@MainActor
@Suite struct TrendyEventStoreTests {
    typealias S = TrendyStore

    @Test func creatingAnEventSavesItAndRefreshesTheStore() async throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        context.insert(water)
        try context.save()
        let store = EventStore(modelContext: context)

        await store.createEvent(type: water, notes: "glass")
        #expect(store.errorMessage == nil)
        #expect(store.events.map(\.notes) == ["glass"])
        #expect(store.events(for: water).count == 1)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Event>()).map(\.notes) == ["glass"])
    }

    @Test func fetchDataSortsEventsNewestFirstAndTypesByName() async throws {
        let context = ModelContext(try S.inMemory())
        let water = EventType(name: "Water"), coffee = EventType(name: "Coffee"), run = EventType(name: "Run")
        for (offset, type) in [water, coffee, run].enumerated() {
            context.insert(Event(timestamp: S.time(Double(offset)), eventType: type))
        }
        try context.save()
        let store = EventStore(modelContext: context)

        await store.fetchData()
        #expect(store.events.map(\.timestamp) == [S.time(2), S.time(1), S.time(0)])
        #expect(store.eventTypes.map(\.name) == ["Coffee", "Run", "Water"])
    }

    @Test func deletingAnEventRemovesItFromTheStoreAndItsType() async throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water")
        context.insert(water)
        let store = EventStore(modelContext: context)
        await store.createEvent(type: water, notes: "one")
        await store.createEvent(type: water, notes: "two")
        let one = try #require(store.events.first { $0.notes == "one" })

        await store.deleteEvent(one)
        #expect(store.events.map(\.notes) == ["two"])
        #expect(water.events?.map(\.notes) == ["two"])
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Event>()) == 1)
    }

    @Test func creatingAnEventObservablyChangesTheStoresEvents() async throws {
        let context = ModelContext(try S.inMemory())
        let water = EventType(name: "Water")
        context.insert(water)
        let store = EventStore(modelContext: context)
        let changed = ObservationFlag()
        withObservationTracking { _ = store.events } onChange: { changed.set() }

        await store.createEvent(type: water)
        #expect(changed.isSet)
    }
}

/// Records that an observation fired, from whichever isolation it fires on.
final class ObservationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
