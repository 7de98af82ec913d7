import Foundation
import SwiftData
import Testing
import Trendy

/// Two stores over one container, as two processes over one file: each change reads its
/// event or type again inside its transaction, so one that another process deleted
/// since it was read is refused rather than reported done.
@MainActor
@Suite struct StaleModelChangeTests {
    typealias F = Fixtures

    /// Two event stores on one container, a type "Water" and one event of it.
    func makeStores() throws -> (first: EventStore, second: EventStore, container: ModelContainer) {
        let container = try F.inMemory()
        let first = EventStore(modelContext: ModelContext(container))
        let water = try #require(first.createEventType(name: "Water"))
        try #require(first.createEvent(type: water, at: F.time(0)) != nil)
        let second = EventStore(modelContext: ModelContext(container))
        #expect(second.fetchData())
        return (first, second, container)
    }

    @Test func anEventAnotherProcessDeletedIsNotDeletedAgain() throws {
        let (first, second, _) = try makeStores()
        let stale = try #require(first.events.first)
        #expect(second.deleteEvent(try #require(second.events.first)))
        #expect(!first.deleteEvent(stale))
        #expect(first.lastError as? TrendyError == .unknownEvent(String(stale.id.uuidString.prefix(8)).lowercased()))
    }

    @Test func aTypeAnotherProcessDeletedIsNotDeletedAgain() throws {
        let (first, second, _) = try makeStores()
        let stale = try #require(first.eventType(named: "Water"))
        #expect(second.deleteEventType(try #require(second.eventType(named: "Water"))))
        #expect(!first.deleteEventType(stale))
        #expect(first.lastError as? TrendyError == .unknownType("Water"))
    }

    @Test func aTypesDeleteCountsTheEventsAnotherProcessLoggedSinceItWasRead() throws {
        let (first, second, container) = try makeStores()
        let stale = try #require(first.eventType(named: "Water"))
        #expect(first.events(for: stale).count == 1)
        let water = try #require(second.eventType(named: "Water"))
        #expect(second.createEvent(type: water, at: F.time(1)) != nil)
        #expect(first.deleteEventTypeCountingEvents(stale) == 2)
        let kept = try ModelContext(container).fetch(FetchDescriptor<Event>())
        #expect(kept.count == 2 && kept.allSatisfy { $0.eventType == nil })
    }

    @Test func aTypeAnotherProcessRenamedIsNotRenamedAgainOverIt() throws {
        let (first, second, container) = try makeStores()
        _ = try #require(first.eventType(named: "Water"))
        #expect(second.renameEventType(named: "Water", to: "Juice"))
        #expect(!first.renameEventType(named: "Water", to: "Tea"))
        #expect(first.lastError as? TrendyError == .unknownType("Water"))
        let stored = try ModelContext(container).fetch(FetchDescriptor<EventType>())
        #expect(stored.map(\.name) == ["Juice"])
    }

    @Test func theSameRenameByTwoProcessesIsDoneOnceAndTheOtherToldThereIsNoSuchType() throws {
        let (first, second, _) = try makeStores()
        _ = try #require(first.eventType(named: "Water"))
        #expect(second.renameEventType(named: "Water", to: "Juice"))
        #expect(!first.renameEventType(named: "Water", to: "Juice"))
        #expect(first.lastError as? TrendyError == .unknownType("Water"))
    }

    @Test func anEventIsNotGivenATypeAnotherProcessDeleted() throws {
        let (first, second, container) = try makeStores()
        let coffee = try #require(first.createEventType(name: "Coffee"))
        #expect(second.fetchData())
        #expect(second.deleteEventType(try #require(second.eventType(named: "Coffee"))))
        let event = try #require(first.events.first)
        #expect(!first.updateEvent(event) { $0.eventType = coffee })
        #expect(first.errorMessage != nil)
        let stored = try ModelContext(container).fetch(FetchDescriptor<Event>())
        #expect(stored.map { $0.eventType?.name } == ["Water"])
    }
}
