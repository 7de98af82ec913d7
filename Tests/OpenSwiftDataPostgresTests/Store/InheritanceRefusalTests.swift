#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// The PostgreSQL store cannot lay out model inheritance yet: a schema with a
/// `@Model` subclass is refused when the container opens, before any server is
/// contacted, naming the models and the alternative.
@Suite struct InheritanceRefusalTests {
    @Test func schemaWithAModelSubclassIsRefusedNamingBothModels() throws {
        // Port 1 on loopback: nothing listens there, so only the schema check can answer.
        let configuration = try PostgresConfiguration(url: "postgres://app@127.0.0.1:1/fleet?connect_timeout=2")
        #expect(throws: PostgresStoreError.modelInheritance(entity: "Truck", superentity: "Vehicle")) {
            try ModelContainer(for: Vehicle.self, Truck.self, configurations: configuration)
        }
    }

    @Test func refusalSaysToUseTheSQLiteStore() {
        let message = "\(PostgresStoreError.modelInheritance(entity: "Truck", superentity: "Vehicle"))"
        #expect(message.contains("SQLite"))
        #expect(message.contains("Truck inherits from the model Vehicle"))
    }
}
#endif
