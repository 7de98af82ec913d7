import Foundation
import OpenSwiftData
import Testing

@Suite struct UniqueTests {
    @Test func insertingAnExistingUniqueKeyUpdatesThatRow() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        context.insert(Tag(label: "sf"))
        try context.save()
        let other = ModelContext(container)
        other.insert(Tag(label: "sf"))
        try other.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 1)
    }

    @Test func upsertOnACompoundKeyReplacesTheValues() throws {
        let container = try inMemoryContainer(Reading.self)
        let context = ModelContext(container)
        context.insert(Reading(sensor: "s1", day: 1, value: 1))
        context.insert(Reading(sensor: "s1", day: 2, value: 2))
        try context.save()
        context.insert(Reading(sensor: "s1", day: 1, value: 10))
        try context.save()
        let reader = ModelContext(container)
        let readings = try reader.fetch(FetchDescriptor<Reading>(sortBy: [SortDescriptor(\.day)]))
        #expect(readings.map(\.value) == [10, 2])
    }

    @Test func upsertLeavesTheContextWithOneObjectForTheRow() throws {
        let context = ModelContext(try inMemoryContainer(Reading.self))
        let first = Reading(sensor: "s", day: 1, value: 1)
        context.insert(first)
        try context.save()
        let second = Reading(sensor: "s", day: 1, value: 2)
        context.insert(second)
        try context.save()
        let fetched = try context.fetch(FetchDescriptor<Reading>())
        #expect(fetched.count == 1)
        #expect(fetched.first === second)
        #expect(second.persistentModelID == first.persistentModelID)
    }

    @Test func differentCompoundKeysAreSeparateRows() throws {
        let container = try inMemoryContainer(Reading.self)
        let context = ModelContext(container)
        context.insert(Reading(sensor: "s1", day: 1, value: 1))
        context.insert(Reading(sensor: "s2", day: 1, value: 1))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Reading>()) == 2)
    }

    @Test func uniqueAttributesAreBackedByAUniqueIndex() throws {
        let store = TestStore()
        _ = try store.container(Reading.self)
        let indexes = try SQLiteInspector(url: store.url).indexes(of: "Reading")
        #expect(indexes.contains { $0.isUnique && $0.columns == ["sensor", "day"] })
    }

    @Test func declaredIndexesAreCreated() throws {
        let store = TestStore()
        _ = try store.container(Trip.self)
        let indexes = try SQLiteInspector(url: store.url).indexes(of: "Trip")
        #expect(indexes.contains { !$0.isUnique && $0.columns == ["name"] })
    }
}
