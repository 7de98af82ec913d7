import CustomStoreSupport
import Foundation
import OpenSwiftData
import Testing

@Suite struct DataStoreContextTests {
    @Test func aRegisteredModelWithoutEditsTakesTheStoresNewValues() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3)])
        let reader = ModelContext(try folder.container())
        let voyage = try #require(try reader.fetch(FetchDescriptor<Voyage>()).first)
        let writer = ModelContext(try folder.container())
        try #require(try writer.fetch(FetchDescriptor<Voyage>()).first).days = 9
        try writer.save()
        _ = try reader.fetch(FetchDescriptor<Voyage>())
        #expect(voyage.days == 9)
    }

    @Test func aRegisteredModelWithEditsKeepsThemAtTheNextFetch() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3)])
        let reader = ModelContext(try folder.container())
        let voyage = try #require(try reader.fetch(FetchDescriptor<Voyage>()).first)
        voyage.days = 4
        let writer = ModelContext(try folder.container())
        try #require(try writer.fetch(FetchDescriptor<Voyage>()).first).days = 9
        try writer.save()
        _ = try reader.fetch(FetchDescriptor<Voyage>())
        #expect(voyage.days == 4)
    }

    @Test func historyOnACustomStoreThrowsAnErrorNamingTheOperation() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let error = try #require(throws: OpenSwiftDataError.self) {
            try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        }
        #expect(error.description.hasPrefix("History is not available with the custom data store \"Voyages\""))
    }

    @Test func rollbackGivesAChangedModelItsSavedValuesBack() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3)])
        let context = ModelContext(try folder.container())
        let voyage = try #require(try context.fetch(FetchDescriptor<Voyage>()).first)
        voyage.days = 8
        context.rollback()
        #expect(voyage.days == 3)
        #expect(!context.hasChanges)
    }

    @Test func eraseEmptiesTheStore() throws {
        let folder = try JSONStoreFolder()
        try folder.save([("Lisbon", 3)])
        let container = try folder.container()
        try container.erase()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Voyage>()) == 0)
    }

    @Test func aConfigurationThatFailsValidationOpensNoContainer() throws {
        let folder = try JSONStoreFolder()
        folder.configuration.validationFailure = JSONStoreSaveFailure()
        #expect(throws: JSONStoreSaveFailure.self) { try folder.container() }
    }

    @Test(.timeLimit(.minutes(10))) func aLiveQueryYieldsAgainAfterASaveThroughTheContainer() async throws {
        let folder = try JSONStoreFolder()
        let container = try folder.container()
        var results = container.liveQuery(FetchDescriptor<Voyage>()).makeAsyncIterator()
        #expect(try await results.next()?.count == 0)
        let context = ModelContext(container)
        context.insert(Voyage(name: "Lisbon", days: 3))
        try context.save()
        #expect(try await results.next()?.map(\.name) == ["Lisbon"])
    }

    @Test func theContainerGivesAConfigurationWithoutASchemaItsOwn() throws {
        let folder = try JSONStoreFolder()
        _ = try folder.container()
        #expect(folder.configuration.schema?.entities.map(\.name).sorted() == ["Guide", "Leg", "Voyage"])
    }
}
