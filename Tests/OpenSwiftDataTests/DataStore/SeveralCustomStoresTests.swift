import CustomStoreSupport
import Foundation
import OpenSwiftData
import Testing

/// A container of several custom store configurations: a store each, holding the
/// models of its configuration's schema.
@Suite struct SeveralCustomStoresTests {
    private let folder = TestStore()
    private var voyagesURL: URL { folder.directory.appendingPathComponent("voyages.json") }
    private var readingsURL: URL { folder.directory.appendingPathComponent("readings.json") }

    private func container() throws -> ModelContainer {
        try ModelContainer(for: Schema([Voyage.self, Leg.self, Guide.self, Reading.self]), configurations: [
            JSONStoreConfiguration(name: "voyages", schema: Schema([Voyage.self]), fileURL: voyagesURL),
            JSONStoreConfiguration(name: "readings", schema: Schema([Reading.self]), fileURL: readingsURL),
        ])
    }

    @Test func eachConfigurationsModelsAreSavedToItsOwnStore() throws {
        let context = ModelContext(try container())
        context.insert(Voyage(name: "Hebrides", days: 9))
        context.insert(Reading(sensor: "deck", day: 1, value: 11))
        try context.save()
        #expect(try String(contentsOf: voyagesURL, encoding: .utf8).contains("Hebrides"))
        #expect(try !String(contentsOf: voyagesURL, encoding: .utf8).contains("deck"))
        #expect(try String(contentsOf: readingsURL, encoding: .utf8).contains("deck"))
        let reopened = ModelContext(try container())
        #expect(try reopened.fetch(FetchDescriptor<Voyage>()).map(\.name) == ["Hebrides"])
        #expect(try reopened.fetch(FetchDescriptor<Reading>()).map(\.sensor) == ["deck"])
    }

    @Test func aRelationshipBetweenTwoCustomStoresIsRefused() throws {
        let voyage = try #require(Schema([Voyage.self]).entitiesByName["Voyage"])
        let error = #expect(throws: SwiftDataError.loadIssueModelContainer) {
            _ = try ModelContainer(for: Schema([Voyage.self, Leg.self, Guide.self]), configurations: [
                JSONStoreConfiguration(name: "voyages", schema: Schema(voyage), fileURL: voyagesURL),
                JSONStoreConfiguration(name: "rest", fileURL: readingsURL),
            ])
        }
        #expect(error?.description.contains("Voyage") == true)
    }
}
