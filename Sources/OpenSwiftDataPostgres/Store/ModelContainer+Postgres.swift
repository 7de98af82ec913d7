import Foundation
import OpenSwiftData

extension ModelContainer {
    /// A container whose models live in a PostgreSQL database:
    /// `ModelContainer(for: Card.self, configurations: PostgresConfiguration(url: "postgres://…"))`.
    public convenience init(for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: PostgresConfiguration...) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// A container of the schema whose models live in a PostgreSQL database. The store
    /// connects, and creates or migrates the tables (see ``PostgresStore``), before the
    /// container is returned; what it throws names the server, database or model at fault.
    public convenience init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: [PostgresConfiguration]) throws {
        guard var configuration = configurations.first else {
            try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: [ModelConfiguration]())
            return
        }
        let store: PostgresStore
        do {
            guard configurations.count == 1 else {
                throw OpenSwiftDataError.unsupportedByCustomStore(store: configuration.name, operation: "A container of more than one store")
            }
            if configuration.schema == nil { configuration.schema = givenSchema }
            try configuration.validate()
            store = try PostgresStore(configuration, migrationPlan: migrationPlan)
        } catch let error as OpenSwiftDataError {
            throw SwiftDataError(openingStore: error)
        }
        try self.init(schema: givenSchema, migrationPlan: migrationPlan, store: store)
    }
}
