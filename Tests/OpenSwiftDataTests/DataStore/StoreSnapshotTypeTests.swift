import Foundation
import OpenSwiftData
import Testing

/// A temporary folder with a record store's file, removed when the test's value is released.
private final class RecordStoreFolder {
    let directory: URL
    let configuration: RecordStoreConfiguration

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("RecordStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        configuration = RecordStoreConfiguration(fileURL: directory.appendingPathComponent("records.json"))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A new context on a new container on the file, as a program that starts again makes.
    func context() throws -> ModelContext {
        ModelContext(try ModelContainer(for: Voyage.self, Leg.self, Guide.self, Cargo.self, configurations: configuration))
    }

    /// The records in the file.
    func records() throws -> [Record] {
        Array(try RecordStore(configuration, migrationPlan: nil).read().values)
    }

    /// Replaces the file's records.
    func write(_ records: [Record]) throws {
        try RecordStore(configuration, migrationPlan: nil).write(Dictionary(uniqueKeysWithValues: records.map { ($0.persistentIdentifier, $0) }))
    }
}

@Suite("A store with a snapshot type of its own")
struct StoreSnapshotTypeTests {
    @Test func savedModelsReachTheStoreAsItsOwnSnapshots() throws {
        let folder = try RecordStoreFolder()
        let context = try folder.context()
        context.insert(Voyage(name: "Lisbon", days: 3))
        try context.save()
        let record = try #require(try folder.records().first)
        #expect(record.persistentIdentifier.entityName == "Voyage")
        #expect(record.fields["name"] == .string("Lisbon"))
        #expect(record.fields["days"] == .number(3))
        #expect(record.fields["legs"] == .array([]))
        #expect(record.fields["guide"] == .null)
    }

    @Test func everyKindOfAttributeIsReadBackFromTheStoresSnapshots() throws {
        let folder = try RecordStoreFolder()
        let tag = UUID()
        let loadedAt = Date(timeIntervalSince1970: 1_700_000_000.25)
        let context = try folder.context()
        context.insert(Cargo(name: "Pepper", weight: 12.5, count: 40, insured: true, loadedAt: loadedAt,
                             manifest: Data([1, 2, 3]), tag: tag, note: nil, kind: .spice,
                             seal: Cargo.Seal(code: "S-9", intact: true), ports: ["Goa", "Lisbon"]))
        try context.save()

        let cargo = try #require(try folder.context().fetch(FetchDescriptor<Cargo>()).first)
        #expect(cargo.name == "Pepper")
        #expect(cargo.weight == 12.5)
        #expect(cargo.count == 40)
        #expect(cargo.insured)
        #expect(cargo.loadedAt == loadedAt)
        #expect(cargo.manifest == Data([1, 2, 3]))
        #expect(cargo.tag == tag)
        #expect(cargo.note == nil)
        #expect(cargo.kind == .spice)
        #expect(cargo.seal == Cargo.Seal(code: "S-9", intact: true))
        #expect(cargo.ports == ["Goa", "Lisbon"])
    }

    @Test func relationshipsAreReadBackFromTheStoresSnapshots() throws {
        let folder = try RecordStoreFolder()
        let context = try folder.context()
        let voyage = Voyage(name: "Lisbon", days: 3)
        let guide = Guide(name: "Ana")
        context.insert(voyage)
        voyage.legs = [Leg(name: "Porto"), Leg(name: "Sintra")]
        voyage.guide = guide
        try context.save()

        let reader = try folder.context()
        let reopened = try #require(try reader.fetch(FetchDescriptor<Voyage>()).first)
        #expect(Set(reopened.legs.map(\.name)) == ["Porto", "Sintra"])
        #expect(reopened.legs.allSatisfy { $0.voyage === reopened })
        #expect(reopened.guide?.name == "Ana")
        #expect(reopened.guide?.voyages.map(\.name) == ["Lisbon"])
    }

    @Test func anUpdateReachesTheStore() throws {
        let folder = try RecordStoreFolder()
        let context = try folder.context()
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        try context.save()
        voyage.days = 5
        try context.save()
        #expect(try folder.context().fetch(FetchDescriptor<Voyage>()).map(\.days) == [5])
    }

    @Test func aCascadeDeleteRemovesTheStoresSnapshots() throws {
        let folder = try RecordStoreFolder()
        let context = try folder.context()
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        voyage.legs = [Leg(name: "Porto"), Leg(name: "Sintra")]
        try context.save()
        context.delete(voyage)
        try context.save()
        #expect(try folder.records().isEmpty)
    }

    @Test func aPredicateAndSortTheStoreLeavesToTheContextApplyToItsSnapshots() throws {
        let folder = try RecordStoreFolder()
        let context = try folder.context()
        for (name, days) in [("Lisbon", 3), ("Porto", 2), ("Faro", 6)] { context.insert(Voyage(name: name, days: days)) }
        try context.save()
        let descriptor = FetchDescriptor<Voyage>(predicate: #Predicate { $0.days > 2 }, sortBy: [SortDescriptor(\.name)])
        #expect(try folder.context().fetch(descriptor).map(\.name) == ["Faro", "Lisbon"])
    }

    @Test func aSnapshotWhoseValueIsNotOfItsPropertysTypeFailsTheFetchNamingStoreModelAndProperty() throws {
        let folder = try RecordStoreFolder()
        let context = try folder.context()
        context.insert(Voyage(name: "Lisbon", days: 3))
        try context.save()
        var record = try #require(try folder.records().first)
        record.fields["days"] = .string("many")
        try folder.write([record])

        let error = try #require(throws: (any Error).self) { try folder.context().fetch(FetchDescriptor<Voyage>()) }
        let message = "\(error)"
        #expect(message.contains("the custom data store \"Records\" returned a snapshot of Voyage that cannot be read: days holds a value"))
        #expect(message.contains("Fix:"))
    }

    @Test func aSnapshotOfAModelTheSchemaLacksIsLeftOut() throws {
        let folder = try RecordStoreFolder()
        let context = try folder.context()
        context.insert(Voyage(name: "Lisbon", days: 3))
        try context.save()
        let stranger = try PersistentIdentifier.identifier(for: "records", entityName: "Whale", primaryKey: UUID())
        try folder.write(try folder.records() + [Record(persistentIdentifier: stranger, fields: ["size": .number(30)])])
        #expect(try folder.context().fetch(FetchDescriptor<Voyage>()).map(\.name) == ["Lisbon"])
    }
}
