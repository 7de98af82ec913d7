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

    @Test func anInsertTakesThePlaceOfAFetchedModelWithItsKey() throws {
        let container = try inMemoryContainer(Reading.self)
        let writer = ModelContext(container)
        writer.insert(Reading(sensor: "s", day: 1, value: 1))
        try writer.save()
        let context = ModelContext(container)
        let fetched = try #require(try context.fetch(FetchDescriptor<Reading>()).first)
        let replacement = Reading(sensor: "s", day: 1, value: 2)
        context.insert(replacement)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Reading>()).map { $0 === replacement } == [true])
        #expect(fetched.modelContext == nil)
    }

    @Test func anInsertDropsTheUnsavedEditsOfTheModelItReplaces() throws {
        let container = try inMemoryContainer(Reading.self)
        let context = ModelContext(container)
        let first = Reading(sensor: "s", day: 1, value: 1)
        context.insert(first)
        try context.save()
        first.value = 5
        context.insert(Reading(sensor: "s", day: 1, value: 2))
        try context.save()
        #expect(!context.hasChanges)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Reading>()).map(\.value) == [2])
    }

    @Test func anInsertRemovesTheModelItReplacesFromItsToManyRelationship() throws {
        let container = try inMemoryContainer(Crew.self, CrewMember.self)
        let context = ModelContext(container)
        let (first, second) = (Crew(name: "first"), Crew(name: "second"))
        context.insert(first)
        context.insert(second)
        first.members.append(CrewMember(code: "a"))
        try context.save()
        let replacement = CrewMember(code: "a")
        replacement.crew = second
        context.insert(replacement)
        try context.save()
        #expect(first.members.isEmpty)
        #expect(second.members.map { $0 === replacement } == [true])
        let reader = ModelContext(container)
        let stored = try reader.fetch(FetchDescriptor<CrewMember>())
        #expect(stored.map { $0.crew?.name } == ["second"])
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

@Model final class Crew {
    var name: String
    @Relationship(inverse: \CrewMember.crew) var members: [CrewMember] = []
    init(name: String) { self.name = name }
}

@Model final class CrewMember {
    @Attribute(.unique) var code: String
    var crew: Crew?
    init(code: String) { self.code = code }
}
