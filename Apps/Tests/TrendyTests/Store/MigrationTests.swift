import Foundation
import SwiftData
import Testing
import Trendy

/// Event gained `isAllDay` (default false), `endDate` and `externalID` (optional) after
/// the first release: a store written by V1 opens under V2 with every event intact.
@Suite struct MigrationTests {
    typealias F = Fixtures

    /// A store written with V1's models: two types, three events, one with notes, one without a type.
    func writeVersion1Store(_ store: TemporaryStore) throws {
        let container = try ModelContainer(for: Schema(versionedSchema: TrendySchemaV1.self), configurations: ModelConfiguration(url: store.url))
        let context = ModelContext(container)
        let water = TrendySchemaV1.EventType(name: "Water", colorHex: "#0A84FF", iconName: "drop")
        let coffee = TrendySchemaV1.EventType(name: "Coffee")
        context.insert(TrendySchemaV1.Event(timestamp: F.time(0), eventType: water, notes: "first"))
        context.insert(TrendySchemaV1.Event(timestamp: F.time(60), eventType: coffee))
        context.insert(TrendySchemaV1.Event(timestamp: F.time(120), eventType: nil, notes: "untyped"))
        try context.save()
    }

    @Test func aVersion1StoreOpensWithEveryEventIntact() throws {
        let store = try TemporaryStore()
        try writeVersion1Store(store)
        let context = ModelContext(try F.file(store))
        let events = try context.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)]))
        #expect(events.map(\.timestamp) == [F.time(0), F.time(60), F.time(120)])
        #expect(events.map(\.notes) == ["first", nil, "untyped"])
        #expect(events.map { $0.eventType?.name } == ["Water", "Coffee", nil])
        #expect(events.first?.eventType?.colorHex == "#0A84FF")
    }

    @Test func migratedEventsTakeTheNewPropertiesDefaults() throws {
        let store = try TemporaryStore()
        try writeVersion1Store(store)
        let events = try ModelContext(try F.file(store)).fetch(FetchDescriptor<Event>())
        #expect(events.map(\.isAllDay) == [false, false, false])
        #expect(events.map(\.endDate) == [nil, nil, nil])
        #expect(events.map(\.externalID) == [nil, nil, nil])
    }

    @Test func migratedEventsCanBeChangedAndSaved() throws {
        let store = try TemporaryStore()
        try writeVersion1Store(store)
        do {
            let context = ModelContext(try F.file(store))
            let first = try #require(try context.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)])).first)
            first.isAllDay = true
            first.endDate = F.time(3_600)
            try context.save()
        }
        let stored = try ModelContext(try F.file(store)).fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)]))
        #expect(stored.map(\.isAllDay) == [true, false, false])
        #expect(stored.first?.endDate == F.time(3_600))
    }
}
