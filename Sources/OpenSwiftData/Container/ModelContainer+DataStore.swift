import Foundation

extension ModelContainer {
    /// A container on the custom store the configuration describes (see ``DataStore``):
    /// `ModelContainer(for: Trip.self, configurations: JSONStoreConfiguration(...))`.
    @_disfavoredOverload
    public convenience init(for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: any DataStoreConfiguration...) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// A container on the custom store the configuration describes; without one, the
    /// default SQLite store. One custom store per container.
    ///
    /// The configuration is validated and given the container's schema when it names
    /// none; then its store type's `init(_:migrationPlan:)` opens the store. What that
    /// initialiser throws is thrown as it is. The migration plan goes to the store, whose
    /// job it is to migrate what it holds.
    @_disfavoredOverload
    public convenience init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: [any DataStoreConfiguration]) throws {
        guard let configuration = configurations.first else {
            try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: [ModelConfiguration]())
            return
        }
        let customStore: any CustomStore
        do {
            guard configurations.count == 1 else {
                throw OpenSwiftDataError.unsupportedByCustomStore(store: configuration.name, operation: "A container of more than one store")
            }
            customStore = try CustomStoreOpener.open(configuration, schema: givenSchema, migrationPlan: migrationPlan)
        } catch let error as OpenSwiftDataError {
            throw SwiftDataError(openingStore: error)
        }
        try self.init(schema: givenSchema, migrationPlan: migrationPlan, store: DataStoreAdapter(customStore, schema: givenSchema))
    }
}
