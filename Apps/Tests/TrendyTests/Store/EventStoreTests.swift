import Foundation
import SwiftData
import Testing
import Trendy

/// The seed's Data Flow section, through the EventStore as the app's views drive it.
@MainActor
@Suite struct EventStoreTests {
    typealias F = Fixtures

    /// A store over a fresh in-memory container, with a type "Water".
    func makeStore() throws -> (EventStore, ModelContainer, EventType) {
        let container = try F.inMemory()
        let store = EventStore(modelContext: ModelContext(container))
        let water = try #require(store.createEventType(name: "Water"))
        return (store, container, water)
    }

    @Test func createSavesTheEventAndRefreshesTheStore() throws {
        let (store, container, water) = try makeStore()
        let event = store.createEvent(type: water, at: F.time(0), notes: "glass")
        #expect(event != nil)
        #expect(store.errorMessage == nil)
        #expect(store.events.map(\.notes) == ["glass"])
        #expect(store.events(for: water).count == 1)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Event>()).map(\.notes) == ["glass"])
    }

    @Test func readLoadsEventsNewestFirstAndTypesByName() throws {
        let container = try F.inMemory()
        let context = ModelContext(container)
        for (offset, name) in ["Water", "Coffee", "Run"].enumerated() {
            context.insert(Event(timestamp: F.time(Double(offset)), eventType: EventType(name: name)))
        }
        try context.save()
        let store = EventStore(modelContext: ModelContext(container))
        #expect(store.fetchData())
        #expect(store.events.map(\.timestamp) == [F.time(2), F.time(1), F.time(0)])
        #expect(store.eventTypes.map(\.name) == ["Coffee", "Run", "Water"])
    }

    @Test func updateSavesTheChangedPropertyForOtherContexts() throws {
        let (store, container, water) = try makeStore()
        let event = try #require(store.createEvent(type: water, at: F.time(0)))
        #expect(store.updateEvent(event) { $0.notes = "New note" })
        #expect(try ModelContext(container).fetch(FetchDescriptor<Event>()).map(\.notes) == ["New note"])
    }

    @Test func anUpdateThatEndsBeforeItStartsIsRefusedAndUndone() throws {
        let (store, container, water) = try makeStore()
        let event = try #require(store.createEvent(type: water, at: F.time(100), notes: "kept"))
        #expect(!store.updateEvent(event) { $0.endDate = F.time(0); $0.notes = "lost" })
        #expect(store.errorMessage?.contains("end is before the start") == true)
        #expect(event.notes == "kept")
        #expect(event.endDate == nil)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Event>()).map(\.notes) == ["kept"])
    }

    @Test func deleteRemovesTheEventFromTheStoreAndItsType() throws {
        let (store, container, water) = try makeStore()
        let one = try #require(store.createEvent(type: water, at: F.time(0), notes: "one"))
        store.createEvent(type: water, at: F.time(1), notes: "two")
        #expect(store.deleteEvent(one))
        #expect(store.events.map(\.notes) == ["two"])
        #expect(water.events?.map(\.notes) == ["two"])
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Event>()) == 1)
    }

    @Test func deletingATypeKeepsItsEventsWithoutAType() throws {
        let (store, container, water) = try makeStore()
        store.createEvent(type: water, at: F.time(0))
        #expect(store.deleteEventType(water))
        #expect(store.eventTypes.isEmpty)
        #expect(store.events.map { $0.eventType == nil } == [true])
        #expect(try ModelContext(container).fetch(FetchDescriptor<Event>()).map { $0.eventType == nil } == [true])
    }

    @Test func aSecondTypeWithTheSameNameIsRefusedAndNothingIsSaved() throws {
        let (store, container, _) = try makeStore()
        #expect(store.createEventType(name: " water ") == nil)
        #expect(store.errorMessage?.contains("already an event type named") == true)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<EventType>()) == 1)
    }

    @Test func aTypeNamedWithADoubleSIsTheOneNamedWithASharpS() throws {
        let (store, _, _) = try makeStore()
        #expect(store.createEventType(name: "Straße") != nil)
        #expect(store.createEventType(name: "STRASSE") == nil)
        #expect(store.eventType(named: "strasse")?.name == "Straße")
    }

    @Test func aBadColourIsRefusedNamingTheFormat() throws {
        let (store, _, water) = try makeStore()
        #expect(!store.updateEventType(water, name: "Tea", colorHex: "blue"))
        #expect(store.errorMessage?.contains("#RRGGBB") == true)
        #expect(water.name == "Water")
    }

    @Test func renamingATypeKeepsItsEvents() throws {
        let (store, container, water) = try makeStore()
        store.createEvent(type: water, at: F.time(0))
        #expect(store.updateEventType(water, name: "Sparkling water"))
        let stored = try ModelContext(container).fetch(FetchDescriptor<Event>())
        #expect(stored.map { $0.eventType?.name } == ["Sparkling water"])
    }

    @Test func anEventEndingBeforeItStartsIsNotCreated() throws {
        let (store, container, water) = try makeStore()
        #expect(store.createEvent(type: water, at: F.time(10), endDate: F.time(0)) == nil)
        #expect(store.errorMessage != nil)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Event>()) == 0)
    }

    @Test func creatingAnEventObservablyChangesTheStoresEvents() throws {
        let (store, _, water) = try makeStore()
        let changed = ObservationFlag()
        withObservationTracking { _ = store.events } onChange: { changed.set() }
        store.createEvent(type: water, at: F.time(0))
        #expect(changed.isSet)
    }

    @Test func aSuccessfulActionClearsThePreviousError() throws {
        let (store, _, water) = try makeStore()
        store.createEventType(name: "Water")
        #expect(store.errorMessage != nil)
        store.createEvent(type: water, at: F.time(0))
        #expect(store.errorMessage == nil)
    }
}

/// Records that an observation fired, from whichever isolation it fires on.
final class ObservationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// The batch flows through the EventStore: one save, then a refresh, or an error message and no change.
@MainActor
@Suite struct EventStoreBatchTests {
    typealias F = Fixtures

    static let options = CalendarImporter.Options(rules: [ImportRule(pattern: "gym", typeName: "Workout")], defaultTypeName: nil,
                                                  window: ICSText.window, timeZone: F.utc)

    @Test func aCalendarImportRefreshesTheStoresEventsAndTypes() throws {
        let store = EventStore(modelContext: ModelContext(try F.inMemory()))
        let file = ICSText.calendar(ICSText.event(uid: "g", ["DTSTART:20260302T070000Z", "RRULE:FREQ=DAILY;COUNT=3"], summary: "Gym"))
        let summary = store.importCalendar(file, options: Self.options)
        #expect(summary?.total == 3)
        #expect(store.events.map(\.timestamp) == [F.utc(2026, 3, 4, 7), F.utc(2026, 3, 3, 7), F.utc(2026, 3, 2, 7)])
        #expect(store.eventTypes.map(\.name) == ["Workout"])
    }

    @Test func aMalformedCalendarSetsTheErrorMessageNamingTheLineAndChangesNothing() throws {
        let container = try F.inMemory()
        let store = EventStore(modelContext: ModelContext(container))
        let file = ICSText.calendar(ICSText.event(uid: "g", ["DTSTART:yesterday"], summary: "Gym"))
        #expect(store.importCalendar(file, options: Self.options) == nil)
        #expect(store.errorMessage?.contains("line 8") == true)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Event>()) == 0)
    }

    @Test func aBackupImportRefreshesTheStore() throws {
        let source = EventStore(modelContext: ModelContext(try F.inMemory()))
        let water = try #require(source.createEventType(name: "Water"))
        source.createEvent(type: water, at: F.time(0))
        let data = try #require(source.exportBackup())
        let target = EventStore(modelContext: ModelContext(try F.inMemory()))
        #expect(target.importBackup(data)?.eventsAdded == 1)
        #expect(target.events.map { $0.eventType?.name } == ["Water"])
    }
}
