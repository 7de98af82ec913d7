import Foundation
import SwiftData
import Testing
import Trendy

/// A file store: every attribute survives reopening, and a crash's WAL is recovered.
@Suite struct PersistenceTests {
    typealias F = Fixtures

    @Test func eventAttributesSurviveReopening() throws {
        let store = try TemporaryStore()
        let water = EventType(name: "Water", colorHex: "#0A84FF", iconName: "drop")
        let event = Event(timestamp: F.time(0.25), eventType: water, notes: "Sparkling, 330 ml", isAllDay: true,
                          endDate: F.time(86_400), externalID: "uid-1")
        do {
            let context = ModelContext(try F.file(store))
            context.insert(event)
            try context.save()
        }
        let stored = try #require(try ModelContext(try F.file(store)).fetch(FetchDescriptor<Event>()).first)
        #expect(stored.id == event.id)
        #expect(stored.timestamp == F.time(0.25))
        #expect(stored.notes == "Sparkling, 330 ml")
        #expect(stored.isAllDay)
        #expect(stored.endDate == F.time(86_400))
        #expect(stored.externalID == "uid-1")
        #expect(stored.eventType?.iconName == "drop")
    }

    @Test func savesLeftInTheWriteAheadLogByACrashAreRecovered() throws {
        let store = try TemporaryStore()
        let container = try F.file(store)
        let context = ModelContext(container)
        for offset in 0..<50 { context.insert(Event(timestamp: F.time(Double(offset)), eventType: nil)) }
        try context.save()

        // What a crash leaves: the database file with its write-ahead log, never checkpointed.
        let crashed = try TemporaryStore()
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: store.url.path + suffix) {
            try FileManager.default.copyItem(atPath: store.url.path + suffix, toPath: crashed.url.path + suffix)
        }
        #expect(try ModelContext(try F.file(crashed)).fetchCount(FetchDescriptor<Event>()) == 50)
    }
}
