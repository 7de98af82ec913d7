import Foundation
import OpenSwiftData
import Testing

/// A container of several configurations opens a store for each: the models of a
/// configuration's schema live in its store, and a save that changes both writes both.
@Suite struct SeveralStoresTests {
    private let folder = TestStore()
    private var libraryURL: URL { folder.directory.appendingPathComponent("library.store") }
    private var sensorsURL: URL { folder.directory.appendingPathComponent("sensors.store") }
    private var everything: Schema { Schema([Author.self, Book.self, Tag.self, Reading.self]) }

    private func library(allowsSave: Bool = true) -> ModelConfiguration {
        ModelConfiguration("library", schema: Schema([Author.self, Book.self, Tag.self]), url: libraryURL, allowsSave: allowsSave)
    }

    private func sensors(allowsSave: Bool = true) -> ModelConfiguration {
        ModelConfiguration("sensors", schema: Schema([Reading.self]), url: sensorsURL, allowsSave: allowsSave)
    }

    private func twoStores(sensorsAllowSave: Bool = true) throws -> ModelContainer {
        try ModelContainer(for: everything, configurations: [library(), sensors(allowsSave: sensorsAllowSave)])
    }

    private func saveBookAndReading(in container: ModelContainer) throws {
        let context = ModelContext(container)
        let author = Author(name: "Le Guin")
        context.insert(author)
        context.insert(Book(title: "The Dispossessed", author: author))
        context.insert(Reading(sensor: "porch", day: 1, value: 21.5))
        try context.save()
    }

    @Test func eachConfigurationsModelsAreWrittenToItsOwnFile() throws {
        try saveBookAndReading(in: try twoStores())
        let libraryAlone = try ModelContainer(for: Author.self, Book.self, Tag.self, configurations: ModelConfiguration(url: libraryURL))
        let sensorsAlone = try ModelContainer(for: Reading.self, configurations: ModelConfiguration(url: sensorsURL))
        #expect(try ModelContext(libraryAlone).fetch(FetchDescriptor<Book>()).map(\.title) == ["The Dispossessed"])
        #expect(try ModelContext(sensorsAlone).fetch(FetchDescriptor<Reading>()).map(\.sensor) == ["porch"])
    }

    @Test func aSaveAcrossTwoStoresReadsBackWholeInANewContainer() throws {
        try saveBookAndReading(in: try twoStores())
        let context = ModelContext(try twoStores())
        let book = try #require(try context.fetch(FetchDescriptor<Book>()).first)
        #expect(book.author?.name == "Le Guin")
        #expect(try context.fetchCount(FetchDescriptor<Reading>()) == 1)
    }

    @Test func aModelsIdentifierNamesTheStoreOfItsConfiguration() throws {
        let container = try twoStores()
        try saveBookAndReading(in: container)
        let context = ModelContext(container)
        let reading = try #require(try context.fetch(FetchDescriptor<Reading>()).first)
        let author = try #require(try context.fetch(FetchDescriptor<Author>()).first)
        #expect(reading.persistentModelID.storeIdentifier == sensorsURL.path)
        #expect(author.persistentModelID.storeIdentifier == libraryURL.path)
        #expect(context.model(for: reading.persistentModelID) === reading)
    }

    @Test func aRelationshipBetweenModelsOfTwoStoresIsRefusedNamingBoth() throws {
        // A schema made of types brings the models they relate to; one made of entities has only those.
        let author = try #require(Schema([Author.self]).entitiesByName["Author"])
        let authors = ModelConfiguration("authors", schema: Schema(author), url: libraryURL)
        let books = ModelConfiguration("books", schema: Schema([Book.self, Tag.self]), url: sensorsURL)
        let error = #expect(throws: SwiftDataError.loadIssueModelContainer) {
            _ = try ModelContainer(for: Schema([Author.self, Book.self, Tag.self]), configurations: [authors, books])
        }
        #expect(error?.description.contains("Author") == true)
        #expect(error?.description.contains("Book") == true)
        #expect(!FileManager.default.fileExists(atPath: libraryURL.path))
    }

    @Test func aReadOnlyStoreBesideAWritableOneRefusesOnlyItsOwnModels() throws {
        try saveBookAndReading(in: try twoStores())
        let container = try twoStores(sensorsAllowSave: false)
        let context = ModelContext(container)
        context.insert(Author(name: "Butler"))
        try context.save()
        context.insert(Reading(sensor: "cellar", day: 2, value: 12))
        #expect(throws: (any Error).self) { try context.save() }
        let fresh = ModelContext(container)
        #expect(try fresh.fetchCount(FetchDescriptor<Author>()) == 2)
        #expect(try fresh.fetch(FetchDescriptor<Reading>()).map(\.sensor) == ["porch"])
    }

    @Test func aModelInTwoConfigurationsSchemasIsKeptByTheFirst() throws {
        let books = ModelConfiguration("books", schema: Schema([Book.self]), url: sensorsURL)
        try saveBookAndReading(in: try ModelContainer(for: everything, configurations: [library(), books]))
        let libraryAlone = try ModelContainer(for: Author.self, Book.self, Tag.self, configurations: ModelConfiguration(url: libraryURL))
        #expect(try ModelContext(libraryAlone).fetchCount(FetchDescriptor<Book>()) == 1)
        #expect(!FileManager.default.fileExists(atPath: sensorsURL.path))
    }

    @Test func configurationsNamingOneFileShareItsStore() throws {
        let first = ModelConfiguration("library", schema: Schema([Author.self, Book.self, Tag.self]), url: libraryURL)
        let second = ModelConfiguration("sensors", schema: Schema([Reading.self]), url: libraryURL)
        try saveBookAndReading(in: try ModelContainer(for: everything, configurations: [first, second]))
        let alone = ModelContext(try ModelContainer(for: everything, configurations: [ModelConfiguration(url: libraryURL)]))
        #expect(try alone.fetchCount(FetchDescriptor<Reading>()) == 1)
        #expect(try alone.fetchCount(FetchDescriptor<Book>()) == 1)
        #expect(!FileManager.default.fileExists(atPath: sensorsURL.path))
    }

    @Test func aStoreFileHoldingModelsAnotherConfigurationNowKeepsIsRefusedAndKept() throws {
        try saveBookAndReading(in: try ModelContainer(for: everything, configurations: [ModelConfiguration(url: libraryURL)]))
        let error = #expect(throws: SwiftDataError.loadIssueModelContainer) { _ = try twoStores() }
        #expect(error?.description.contains("Reading") == true)
        #expect(error?.description.contains("sensors") == true)
        let alone = ModelContext(try ModelContainer(for: everything, configurations: [ModelConfiguration(url: libraryURL)]))
        #expect(try alone.fetch(FetchDescriptor<Reading>()).map(\.sensor) == ["porch"])
    }

    @Test func aConfigurationWithoutASchemaHoldsTheModelsNoOtherTakes() throws {
        let rest = ModelConfiguration("rest", url: libraryURL)
        try saveBookAndReading(in: try ModelContainer(for: everything, configurations: [sensors(), rest]))
        let sensorsAlone = try ModelContainer(for: Reading.self, configurations: ModelConfiguration(url: sensorsURL))
        #expect(try ModelContext(sensorsAlone).fetchCount(FetchDescriptor<Reading>()) == 1)
        let restAlone = try ModelContainer(for: Author.self, Book.self, Tag.self, configurations: ModelConfiguration(url: libraryURL))
        #expect(try ModelContext(restAlone).fetchCount(FetchDescriptor<Author>()) == 1)
    }

    @Test func historyOfAContainerOfTwoStoresHoldsTheSavesOfBoth() throws {
        let container = try twoStores()
        try saveBookAndReading(in: container)
        let transactions = try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(Set(transactions.map(\.storeIdentifier)) == [libraryURL.path, sensorsURL.path])
    }

    @Test func eraseEmptiesEveryStore() throws {
        let container = try twoStores()
        try saveBookAndReading(in: container)
        try container.erase()
        let context = ModelContext(container)
        #expect(try context.fetchCount(FetchDescriptor<Author>()) == 0)
        #expect(try context.fetchCount(FetchDescriptor<Reading>()) == 0)
    }

    @Test func aMigrationPlanForAContainerOfTwoStoresIsRefusedBeforeEitherOpens() {
        let people = ModelConfiguration("people", schema: Schema([PeopleV2.Person.self]), url: libraryURL)
        let error = #expect(throws: SwiftDataError.loadIssueModelContainer) {
            _ = try ModelContainer(for: Schema([PeopleV2.Person.self, Reading.self]), migrationPlan: FullNamePlan.self,
                                   configurations: [people, sensors()])
        }
        #expect(error?.description.contains("migration plan") == true)
        #expect(!FileManager.default.fileExists(atPath: libraryURL.path))
    }
}
