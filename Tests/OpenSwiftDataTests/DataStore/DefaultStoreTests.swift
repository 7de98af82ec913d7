import CustomStoreSupport
import Foundation
@testable import OpenSwiftData
import Testing

/// `DefaultStore`, the SQLite store as a `DataStore`: what `ModelConfiguration.Store`
/// names, what a program's own store may wrap, and how a container treats a
/// `ModelConfiguration` given among `DataStoreConfiguration`s.
@Suite struct DefaultStoreTests {
    private let folder = TestStore("voyages.store")
    private var schema: Schema { Schema([Voyage.self, Leg.self, Guide.self]) }

    /// A container whose contexts reach the store file only through a program's store
    /// that passes each request to the `DefaultStore` of the file.
    private func wrappingContainer() throws -> ModelContainer {
        try ModelContainer(for: schema, configurations: [WrappedDefaultStoreConfiguration(url: folder.url)])
    }

    /// A container on the store file, as the container's other initialisers open it.
    private func fileContainer() throws -> ModelContainer {
        try ModelContainer(for: schema, configurations: [ModelConfiguration(url: folder.url)])
    }

    private func storeType<C: DataStoreConfiguration>(of configuration: C) -> C.Store.Type { C.Store.self }

    @Test func aModelConfigurationsStoreIsTheDefaultStore() {
        #expect(ModelConfiguration.Store.self == DefaultStore.self)
        #expect(storeType(of: ModelConfiguration(url: folder.url)) == DefaultStore.self)
    }

    @Test func aDefaultStoreOpenedWithoutModelsIsRefusedSayingWhatToGiveIt() {
        let error = #expect(throws: SwiftDataError.loadIssueModelContainer) {
            _ = try DefaultStore(ModelConfiguration(url: folder.url), migrationPlan: nil)
        }
        #expect(error?.description.contains("names no models") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.url.path))
    }

    @Test func modelsSavedThroughTheDefaultStoreWithTheirRelationshipsAreReadByAContainerOnTheFile() throws {
        let context = ModelContext(try wrappingContainer())
        let voyage = Voyage(name: "Hebrides", days: 9)
        let guide = Guide(name: "Morag")
        context.insert(voyage)
        voyage.guide = guide
        voyage.legs = [Leg(name: "Oban"), Leg(name: "Mull"), Leg(name: "Iona")]
        try context.save()
        #expect(!voyage.persistentModelID.isTemporary)

        let read = try #require(try ModelContext(try fileContainer()).fetch(FetchDescriptor<Voyage>()).first)
        #expect(read.name == "Hebrides")
        #expect(read.days == 9)
        #expect(read.guide?.name == "Morag")
        #expect(read.legs.map(\.name) == ["Oban", "Mull", "Iona"])
        #expect(read.persistentModelID == voyage.persistentModelID)
    }

    @Test func aFetchThroughTheDefaultStoreRunsThePredicateSortAndWindowInTheStore() throws {
        let writer = ModelContext(try fileContainer())
        for (name, days) in [("Skye", 4), ("Arran", 2), ("Lewis", 7), ("Islay", 5)] { writer.insert(Voyage(name: name, days: days)) }
        try writer.save()

        let context = ModelContext(try wrappingContainer())
        var descriptor = FetchDescriptor<Voyage>(predicate: #Predicate { $0.days > 3 }, sortBy: [SortDescriptor(\.name)])
        descriptor.fetchLimit = 2
        #expect(try context.fetch(descriptor).map(\.name) == ["Islay", "Lewis"])
        #expect(try context.fetchCount(FetchDescriptor<Voyage>(predicate: #Predicate { $0.days > 3 })) == 3)
        let store = try DefaultStore(ModelConfiguration(schema: schema, url: folder.url), migrationPlan: nil)
        let request = DataStoreFetchRequest(descriptor: descriptor, editingState: EditingState())
        #expect(try store.fetchIdentifiers(request).count == 2)
        #expect(try store.fetch(request).fetchedSnapshots.map { $0.value(forKey: "name", as: String.self) } == ["Islay", "Lewis"])
    }

    @Test func anUpdateThroughTheDefaultStoreWritesOnlyTheChangedPropertyWithItsAuthor() throws {
        let context = ModelContext(try wrappingContainer())
        let voyage = Voyage(name: "Skye", days: 4)
        context.insert(voyage)
        try context.save()
        context.author = "planner"
        voyage.days = 6
        try context.save()

        let last = try #require(try ModelContext(try fileContainer()).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last)
        #expect(last.author == "planner")
        let updated = last.changes.compactMap { change -> [String]? in
            guard case .update(let update as DefaultHistoryUpdate<Voyage>) = change else { return nil }
            return update.updatedAttributes.map { $0 == \Voyage.days ? "days" : "other" }
        }
        #expect(updated == [["days"]])
    }

    @Test func aDeleteThroughTheDefaultStoreAppliesTheStoresCascadeRule() throws {
        let context = ModelContext(try wrappingContainer())
        let voyage = Voyage(name: "Skye", days: 4)
        context.insert(voyage)
        voyage.legs = [Leg(name: "Uig"), Leg(name: "Portree")]
        try context.save()
        context.delete(voyage)
        try context.save()

        let reader = ModelContext(try fileContainer())
        #expect(try reader.fetchCount(FetchDescriptor<Voyage>()) == 0)
        #expect(try reader.fetchCount(FetchDescriptor<Leg>()) == 0)
    }

    @Test func aBatchDeleteThroughTheDefaultStoreDeletesWhatThePredicateSelects() throws {
        let writer = ModelContext(try fileContainer())
        for (name, days) in [("Skye", 4), ("Arran", 2), ("Lewis", 7)] { writer.insert(Voyage(name: name, days: days)) }
        try writer.save()

        try ModelContext(try wrappingContainer()).delete(model: Voyage.self, where: #Predicate { $0.days < 5 })
        #expect(try ModelContext(try fileContainer()).fetch(FetchDescriptor<Voyage>()).map(\.name) == ["Lewis"])
    }

    @Test func anUpdateOfAModelTheStoreDoesNotHaveIsRefusedAndNothingOfItsSaveIsWritten() throws {
        let store = try DefaultStore(ModelConfiguration(schema: schema, url: folder.url), migrationPlan: nil)
        let forged = PersistentIdentifier(entityName: "Voyage", storeIdentifier: store.identifier, rowID: 99)
        let inserted = DefaultSnapshot(persistentIdentifier: PersistentIdentifier(entityName: "Voyage", storeIdentifier: nil, rowID: -1),
                                       values: ["name": .text("Arran"), "days": .integer(2)])
        let request = DataStoreSaveChangesRequest(editingState: EditingState(), inserted: [inserted],
                                                  updated: [DefaultSnapshot(persistentIdentifier: forged, values: ["days": .integer(3)])],
                                                  deleted: [])
        let error = #expect(throws: OpenSwiftDataError.self) { _ = try store.save(request) }
        #expect(error?.description.contains("Voyage") == true)
        #expect(try ModelContext(try fileContainer()).fetchCount(FetchDescriptor<Voyage>()) == 0)
    }

    @Test func aValueItsPropertyCannotHoldIsRefusedNamingTheProperty() throws {
        let store = try DefaultStore(ModelConfiguration(schema: schema, url: folder.url), migrationPlan: nil)
        let inserted = DefaultSnapshot(persistentIdentifier: PersistentIdentifier(entityName: "Voyage", storeIdentifier: nil, rowID: -1),
                                       values: ["name": .text("Arran"), "days": .text("two")])
        let request = DataStoreSaveChangesRequest(editingState: EditingState(), inserted: [inserted], updated: [], deleted: [])
        let error = #expect(throws: OpenSwiftDataError.self) { _ = try store.save(request) }
        #expect(error?.description.contains("days") == true)
    }

    @Test func theDefaultStoreReadsTheHistoryAContainerOnItsFileRecorded() throws {
        let context = ModelContext(try fileContainer())
        context.author = "planner"
        context.insert(Voyage(name: "Skye", days: 4))
        try context.save()
        context.insert(Voyage(name: "Arran", days: 2))
        context.insert(Voyage(name: "Lewis", days: 7))
        try context.save()

        let store = try DefaultStore(ModelConfiguration(schema: schema, url: folder.url), migrationPlan: nil)
        #expect(DefaultStore.historyType == DefaultHistoryTransaction.self)
        let history = try store.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(history.map(\.author) == ["planner", "planner"])
        #expect(history.map(\.changes.count) == [1, 2])
    }

    @Test func theDefaultStoreDeletesTheHistoryItsDescriptorSelects() throws {
        let context = ModelContext(try fileContainer())
        for name in ["Skye", "Arran"] {
            context.insert(Voyage(name: name, days: 4))
            try context.save()
        }
        let store = try DefaultStore(ModelConfiguration(schema: schema, url: folder.url), migrationPlan: nil)
        let first = try #require(try store.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).first).transactionIdentifier
        try store.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.transactionIdentifier == first }))
        let left = try ModelContext(try fileContainer()).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(left.count == 1)
        #expect(left.first?.transactionIdentifier != first)
    }

    @Test func aContextOnAStoreThatProvidesHistoryReadsItThroughTheStore() throws {
        let context = ModelContext(try wrappingContainer())
        context.author = "planner"
        for name in ["Skye", "Arran", "Lewis"] {
            context.insert(Voyage(name: name, days: 4))
            try context.save()
        }
        let history = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(history.map(\.author) == ["planner", "planner", "planner"])
        let first = try #require(history.first).token
        let later = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > first }))
        #expect(later.map(\.transactionIdentifier) == history.dropFirst().map(\.transactionIdentifier))
    }

    @Test func aContextOnAStoreThatProvidesHistoryDeletesItThroughTheStore() throws {
        let context = ModelContext(try wrappingContainer())
        for name in ["Skye", "Arran"] {
            context.insert(Voyage(name: name, days: 4))
            try context.save()
        }
        let first = try #require(try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).first).transactionIdentifier
        try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.transactionIdentifier == first }))
        let left = try ModelContext(try fileContainer()).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(left.count == 1)
        #expect(left.first?.transactionIdentifier != first)
    }

    @Test func aModelConfigurationAmongDataStoreConfigurationsOpensTheSQLiteStoreItself() throws {
        let configurations: [any DataStoreConfiguration] = [ModelConfiguration(url: folder.url)]
        let container = try ModelContainer(for: schema, configurations: configurations)
        #expect(container.configurations == [ModelConfiguration(url: folder.url)])
        let context = ModelContext(container)
        context.insert(Voyage(name: "Skye", days: 4))
        try context.save()
        // History is the SQLite store's: a custom store's container has none.
        #expect(try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count == 1)
    }

    @Test func aContainerOfTheSQLiteStoreAndACustomStoreKeepsEachModelInItsOwn() throws {
        let readingsURL = folder.directory.appendingPathComponent("readings.json")
        let container = try ModelContainer(for: Schema([Voyage.self, Leg.self, Guide.self, Reading.self]), configurations: [
            ModelConfiguration("voyages", schema: schema, url: folder.url),
            JSONStoreConfiguration(name: "readings", schema: Schema([Reading.self]), fileURL: readingsURL),
        ])
        let context = ModelContext(container)
        context.insert(Voyage(name: "Skye", days: 4))
        context.insert(Reading(sensor: "deck", day: 1, value: 11))
        try context.save()

        #expect(try String(contentsOf: readingsURL, encoding: .utf8).contains("deck"))
        #expect(try !String(contentsOf: readingsURL, encoding: .utf8).contains("Skye"))
        #expect(try ModelContext(try fileContainer()).fetch(FetchDescriptor<Voyage>()).map(\.name) == ["Skye"])
        let reopened = ModelContext(container)
        #expect(try reopened.fetch(FetchDescriptor<Reading>()).map(\.sensor) == ["deck"])
    }
}
