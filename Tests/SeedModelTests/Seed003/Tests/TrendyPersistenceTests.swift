import Foundation
import SwiftData
import Testing

/// A file store: every attribute survives reopening, saves are durable in WAL mode, and
/// a store that is not a database is reported rather than crashing.
@Suite struct TrendyPersistenceTests {
    typealias S = TrendyStore

    @Test func eventAttributesSurviveReopening() throws {
        let store = try TemporaryStore()
        let water = EventType(name: "Water")
        let event = Event(timestamp: S.time(0.25), eventType: water, notes: "Sparkling, 330 ml",
                          isAllDay: true, endDate: S.time(86_400))
        do {
            let context = ModelContext(try S.file(store))
            context.insert(event)
            try context.save()
        }

        let context = ModelContext(try S.file(store))
        let stored = try #require(try context.fetch(FetchDescriptor<Event>()).first)
        #expect(stored.id == event.id)
        #expect(stored.timestamp == S.time(0.25))
        #expect(stored.notes == "Sparkling, 330 ml")
        #expect(stored.isAllDay == true)
        #expect(stored.endDate == S.time(86_400))
        #expect(stored.eventType?.id == water.id)
        #expect(stored.eventType?.name == "Water")
    }

    @Test func eventDefaultsSurviveReopening() throws {
        let store = try TemporaryStore()
        do {
            let context = ModelContext(try S.file(store))
            context.insert(Event(timestamp: S.time(0), eventType: nil))
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let stored = try #require(try readContext.fetch(FetchDescriptor<Event>()).first)
        #expect(stored.isAllDay == false)
        #expect(stored.endDate == nil)
        #expect(stored.notes == nil)
        #expect(stored.eventType == nil)
    }

    @Test func anUpdateSurvivesReopening() throws {
        let store = try TemporaryStore()
        do {
            let context = ModelContext(try S.file(store))
            let event = Event(timestamp: S.time(0), eventType: nil)
            context.insert(event)
            try context.save()
            event.notes = "New note"
            try context.save()
        }
        let readContext = ModelContext(try S.file(store))
        let stored = try readContext.fetch(FetchDescriptor<Event>())
        #expect(stored.map(\.notes) == ["New note"])
    }

    @Test func aSavedEventIsVisibleToAContainerOpenedOnTheSameFileWhileTheFirstIsOpen() throws {
        let store = try TemporaryStore()
        let writer = try S.file(store)
        let context = ModelContext(writer)
        context.insert(Event(timestamp: S.time(0), eventType: EventType(name: "Water")))
        try context.save()

        let reader = try S.file(store)
        #expect(try ModelContext(reader).fetchCount(FetchDescriptor<Event>()) == 1)
        #expect(FileManager.default.fileExists(atPath: store.url.path + "-wal"))
        // And a later save by the first container reaches the second.
        context.insert(Event(timestamp: S.time(1), eventType: nil))
        try context.save()
        #expect(try ModelContext(reader).fetchCount(FetchDescriptor<Event>()) == 2)
    }

    @Test func aFileThatIsNotADatabaseFailsToOpenAndCanBeReplaced() throws {
        let store = try TemporaryStore()
        try Data(repeating: 0x42, count: 4_096).write(to: store.url)
        #expect(throws: (any Error).self) { _ = try S.file(store) }
        #expect(try Data(contentsOf: store.url) == Data(repeating: 0x42, count: 4_096))

        // The seed's recovery: move the damaged file away and start a fresh store.
        try FileManager.default.removeItem(at: store.url)
        let context = ModelContext(try S.file(store))
        context.insert(Event(timestamp: S.time(0), eventType: nil))
        try context.save()
        #expect(try ModelContext(try S.file(store)).fetchCount(FetchDescriptor<Event>()) == 1)
    }

    @Test func aCopyOfTheStoreTakenWhileItIsOpenRecoversEverySavedEvent() throws {
        let store = try TemporaryStore()
        let container = try S.file(store)
        let context = ModelContext(container)
        for offset in 0..<50 { context.insert(Event(timestamp: S.time(Double(offset)), eventType: nil)) }
        try context.save()

        // What a crash leaves: the database file with its write-ahead log, never checkpointed.
        let crashed = try TemporaryStore()
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: store.url.path + suffix) {
            try FileManager.default.copyItem(atPath: store.url.path + suffix, toPath: crashed.url.path + suffix)
        }
        #expect(try ModelContext(try S.file(crashed)).fetchCount(FetchDescriptor<Event>()) == 50)
    }
}
