import Foundation

extension ModelContainer {
    /// A container on the custom store the configuration describes (see ``DataStore``):
    /// `ModelContainer(for: Trip.self, configurations: JSONStoreConfiguration(...))`.
    @_disfavoredOverload
    public convenience init(for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: any DataStoreConfiguration...) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// A container on the custom stores the configurations describe, one store each;
    /// without a configuration, the default SQLite store.
    ///
    /// Each configuration is validated and given the schema of the models its store holds
    /// when it names none (the container's whole schema when it is the only one; several
    /// share the models as several ``ModelConfiguration``s do); then its store type's `init(_:migrationPlan:)`
    /// opens the store. What that initialiser throws is thrown as it is. The migration
    /// plan goes to the store, whose job it is to migrate what it holds.
    @_disfavoredOverload
    public convenience init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: [any DataStoreConfiguration]) throws {
        guard !configurations.isEmpty else {
            try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: [ModelConfiguration]())
            return
        }
        var stores: [any ModelStore] = []
        do {
            let assignments = try StoreAssignment.assign(configurations, in: givenSchema, name: \.name, schema: \.schema,
                                                         location: { AnyHashable($0) })
            for assignment in assignments {
                let store = try CustomStoreOpener.open(assignment.configuration, schema: assignment.schema, migrationPlan: migrationPlan)
                stores.append(DataStoreAdapter(store, schema: assignment.schema))
            }
        } catch let error as OpenSwiftDataError {
            throw SwiftDataError(openingStore: error)
        }
        try self.init(schema: givenSchema, migrationPlan: migrationPlan, stores: stores)
    }
}
