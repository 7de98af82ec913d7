#if PostgreSQL
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
        guard !configurations.isEmpty else {
            try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: [ModelConfiguration]())
            return
        }
        var stores: [any ModelStore] = []
        do {
            // Configurations naming one database schema share its store.
            let assignments = try StoreAssignment.assign(configurations, in: givenSchema, name: \.name, schema: \.schema,
                                                         location: { AnyHashable($0.location) })
            if assignments.count > 1, migrationPlan != nil {
                throw OpenSwiftDataError.invalidConfiguration(name: assignments[1].configuration.name, problem: .migrationPlanWithSeveralStores)
            }
            for assignment in assignments {
                var configuration = assignment.configuration
                configuration.schema = assignment.schema
                try configuration.validate()
                stores.append(try PostgresStore(configuration, migrationPlan: migrationPlan))
            }
        } catch let error as OpenSwiftDataError {
            throw SwiftDataError(openingStore: error)
        }
        try self.init(schema: givenSchema, migrationPlan: migrationPlan, stores: stores)
    }
}
#endif
