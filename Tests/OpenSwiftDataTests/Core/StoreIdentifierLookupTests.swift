import Foundation
import OpenSwiftData
import Testing

/// `storeIdentifier(forConfigurationNamed:)` and `configurationName(forStoreIdentifier:)`
/// map a configuration's name to the identifier its models and history name its store by,
/// and back.
@Suite struct StoreIdentifierLookupTests {
    private let folder = TestStore()
    private var libraryURL: URL { folder.directory.appendingPathComponent("library.store") }
    private var sensorsURL: URL { folder.directory.appendingPathComponent("sensors.store") }

    private func twoStores() throws -> ModelContainer {
        let library = ModelConfiguration("library", schema: Schema([Author.self, Book.self, Tag.self]), url: libraryURL)
        let sensors = ModelConfiguration("sensors", schema: Schema([Reading.self]), url: sensorsURL)
        return try ModelContainer(for: Schema([Author.self, Book.self, Tag.self, Reading.self]), configurations: [library, sensors])
    }

    @Test func aConfigurationsNameGivesTheStoreIdentifierItsModelsCarry() throws {
        let container = try twoStores()
        let context = ModelContext(container)
        let reading = Reading(sensor: "porch", day: 1, value: 21.5)
        context.insert(reading)
        try context.save()
        #expect(container.storeIdentifier(forConfigurationNamed: "sensors") == reading.persistentModelID.storeIdentifier)
        #expect(container.storeIdentifier(forConfigurationNamed: "library") == libraryURL.path)
    }

    @Test func aModelsStoreIdentifierGivesBackItsConfigurationsName() throws {
        let container = try twoStores()
        let context = ModelContext(container)
        let author = Author(name: "Le Guin")
        context.insert(author)
        try context.save()
        let identifier = try #require(author.persistentModelID.storeIdentifier)
        #expect(container.configurationName(forStoreIdentifier: identifier) == "library")
    }

    @Test func aNameOrIdentifierTheContainerDoesNotHaveGivesNil() throws {
        let container = try twoStores()
        #expect(container.storeIdentifier(forConfigurationNamed: "archive") == nil)
        #expect(container.configurationName(forStoreIdentifier: "/nowhere.store") == nil)
    }

    @Test func theDefaultConfigurationIsFoundByItsName() throws {
        let container = try inMemoryContainer(Reading.self)
        let name = try #require(container.configurations.first?.name)
        let identifier = try #require(container.storeIdentifier(forConfigurationNamed: name))
        #expect(container.configurationName(forStoreIdentifier: identifier) == name)
    }
}
