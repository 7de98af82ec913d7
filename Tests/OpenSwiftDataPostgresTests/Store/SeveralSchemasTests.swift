#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// A container of several PostgreSQL configurations: a store in each database schema,
/// holding the models of its configuration's schema.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct SeveralSchemasTests {
    @Test func eachConfigurationsModelsLiveInItsOwnDatabaseSchema() throws {
        let shelves = try TemporarySchema(create: false)
        let specimens = try TemporarySchema(create: false)
        func container() throws -> ModelContainer {
            try ModelContainer(for: Schema([Shelf.self, Book.self, Specimen.self]), configurations: [
                PostgresConfiguration("shelves", location: shelves.location, schema: Schema([Shelf.self]), maximumConnections: 1),
                PostgresConfiguration("specimens", location: specimens.location, schema: Schema([Specimen.self]), maximumConnections: 1),
            ])
        }
        let context = ModelContext(try container())
        let shelf = Shelf(label: "A")
        context.insert(shelf)
        context.insert(Book(title: "Kindred", pages: 264))
        context.insert(Specimen())
        try context.save()

        let reopened = ModelContext(try container())
        #expect(try reopened.fetchCount(FetchDescriptor<Book>()) == 1)
        #expect(try reopened.fetchCount(FetchDescriptor<Specimen>()) == 1)
        let tables = try shelves.session().query("SELECT table_name::text FROM information_schema.tables WHERE table_schema = $1",
                                                 [.text(shelves.name)])
        #expect(tables.contains { $0[0] == .text("Book") })
        #expect(!tables.contains { $0[0] == .text("Specimen") })
    }

    @Test func aSchemaHoldingAnotherAppsStoreIsRefusedAndItsTablesKept() throws {
        let schema = try TemporarySchema(create: false)
        func container(_ models: [any PersistentModel.Type]) throws -> ModelContainer {
            try ModelContainer(for: Schema(models), configurations: [
                PostgresConfiguration(location: schema.location, schema: Schema(models), maximumConnections: 1),
            ])
        }
        let other = ModelContext(try container([Specimen.self]))
        other.insert(Specimen())
        try other.save()

        // Another app's container given the same schema (a URL's schema= naming another's).
        let error = #expect(throws: (any Error).self) { try container([Shelf.self, Book.self]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("holds data this schema does not describe (Specimen)"), "\(String(describing: error))")
        #expect(try ModelContext(try container([Specimen.self])).fetchCount(FetchDescriptor<Specimen>()) == 1)
    }
}
#endif
