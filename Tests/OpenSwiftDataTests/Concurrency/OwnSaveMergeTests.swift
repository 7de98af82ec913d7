import Foundation
import OpenSwiftData
import Synchronization
import Testing

/// A value whose every encoding is counted: the store encodes an attribute's value
/// to write it and to compare it with its row.
struct CountedEncoding: Codable, Equatable {
    static let encodings = Atomic<Int>(0)
    var value: Int

    init(value: Int) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        Self.encodings.add(1, ordering: .relaxed)
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
    }
}

@Model final class CountedReading {
    var label: String
    var reading: CountedEncoding
    init(label: String, reading: CountedEncoding) {
        self.label = label
        self.reading = reading
    }
}

/// The merge rule after a context's own save: the models it wrote hold what their
/// rows hold, so its next fetch leaves them as they are, unless another connection
/// or context wrote their rows too.
@Suite struct OwnSaveMergeTests {
    @Test("a fetch after the context's own save does not read back the values it wrote")
    func ownSaveNeedsNoComparison() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(CountedReading.self))
        let reading = CountedReading(label: "kitchen", reading: CountedEncoding(value: 21))
        context.insert(reading)
        try context.save()
        reading.label = "hall"
        try context.save()
        let before = CountedEncoding.encodings.load(ordering: .relaxed)
        let fetched = try context.fetch(FetchDescriptor<CountedReading>())
        #expect(fetched.first === reading)
        #expect(CountedEncoding.encodings.load(ordering: .relaxed) == before,
                "the fetch compared a value the context had just written")
    }

    @Test("a model the context saved takes a value another connection wrote to its row after the save")
    func laterWriteOfAnotherConnectionIsMerged() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Tally.self))
        let tally = Tally(writer: "a", sequence: 1)
        context.insert(tally)
        try context.save()
        let other = ModelContext(try store.container(Tally.self))
        try #require(try other.fetch(FetchDescriptor<Tally>()).first).sequence = 2
        try other.save()
        _ = try context.fetch(FetchDescriptor<Tally>())
        #expect(tally.sequence == 2)
    }

    /// A tally a context read, whose `writer` a context of the container `other`
    /// gives (the same container, or another on the same file) then changed and saved,
    /// before the first context changed its `sequence`, saved, and fetched again: the
    /// tally's values after that fetch.
    static func tallySavedAfterAnotherWrite(other: (TestStore, ModelContainer) throws -> ModelContainer) throws
        -> (writer: String, sequence: Int) {
        let store = TestStore()
        let container = try store.container(Tally.self)
        let setup = ModelContext(container)
        setup.insert(Tally(writer: "a", sequence: 1))
        try setup.save()
        let context = ModelContext(container)
        let tally = try #require(try context.fetch(FetchDescriptor<Tally>()).first)
        let writer = ModelContext(try other(store, container))
        try #require(try writer.fetch(FetchDescriptor<Tally>()).first).writer = "other"
        try writer.save()
        tally.sequence = 5
        try context.save()
        _ = try context.fetch(FetchDescriptor<Tally>())
        return (tally.writer, tally.sequence)
    }

    @Test("a model saved after another connection wrote its other columns takes them at the next fetch")
    func earlierWriteOfAnotherConnectionIsMerged() throws {
        let tally = try Self.tallySavedAfterAnotherWrite { store, _ in try store.container(Tally.self) }
        #expect(tally.writer == "other")
        #expect(tally.sequence == 5)
    }

    @Test("a model saved after another context of the same container wrote its other columns takes them at the next fetch")
    func earlierWriteOfAnotherContextIsMerged() throws {
        let tally = try Self.tallySavedAfterAnotherWrite { _, container in container }
        #expect(tally.writer == "other")
        #expect(tally.sequence == 5)
    }

    @Test("another context's models take what a context saved, at their next fetch")
    func otherContextsSeeTheSave() throws {
        let store = TestStore()
        let container = try store.container(Tally.self)
        let setup = ModelContext(container)
        setup.insert(Tally(writer: "a", sequence: 1))
        try setup.save()
        let reader = ModelContext(container)
        let seen = try #require(try reader.fetch(FetchDescriptor<Tally>()).first)
        let writer = ModelContext(container)
        try #require(try writer.fetch(FetchDescriptor<Tally>()).first).sequence = 9
        try writer.save()
        _ = try reader.fetch(FetchDescriptor<Tally>())
        #expect(seen.sequence == 9)
    }
}
