import Foundation

extension ModelContainer {
    /// A container on the store the configuration describes (see ``DataStore``):
    /// `ModelContainer(for: Trip.self, configurations: JSONStoreConfiguration(...))`.
    @_disfavoredOverload
    public convenience init(for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: any DataStoreConfiguration...) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// A container on the stores the configurations describe, one store each; without
    /// a configuration, the default SQLite store.
    ///
    /// A ``ModelConfiguration`` among them opens the SQLite store, as the container's
    /// other initialisers do (its ``DefaultStore`` is not used: the contexts read and
    /// write the SQLite store directly). Each other configuration is validated and given
    /// the schema of the models its store holds when it names none (the container's
    /// whole schema when it is the only one; several share the models as several
    /// ``ModelConfiguration``s do); then its store type's `init(_:migrationPlan:)` opens
    /// the store. What that initialiser throws is thrown as it is. The migration plan
    /// goes to the store, whose job it is to migrate what it holds.
    @_disfavoredOverload
    public convenience init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: [any DataStoreConfiguration]) throws {
        let sqliteConfigurations = configurations.compactMap { $0 as? ModelConfiguration }
        guard sqliteConfigurations.count < configurations.count else {
            try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: sqliteConfigurations)
            return
        }
        var stores: [any ModelStore] = []
        do {
            try Self.check(sqliteConfigurations, against: givenSchema)
            let assignments = try StoreAssignment.assign(configurations, in: givenSchema, name: \.name, schema: \.schema,
                                                         location: { ($0 as? ModelConfiguration).map { AnyHashable($0.id) } ?? AnyHashable($0) })
            if assignments.count > 1, migrationPlan != nil, let sqlite = assignments.first(where: { $0.configuration is ModelConfiguration }) {
                throw OpenSwiftDataError.invalidConfiguration(name: sqlite.configuration.name, problem: .migrationPlanWithSeveralStores)
            }
            let heldElsewhere = StoreAssignment.heldElsewhere(assignments, name: \.name)
            for (assignment, held) in zip(assignments, heldElsewhere) {
                if let configuration = assignment.configuration as? ModelConfiguration {
                    stores.append(try SQLiteStore(schema: assignment.schema, configuration: configuration, migrationPlan: migrationPlan,
                                                  heldElsewhere: held))
                } else {
                    let store = try CustomStoreOpener.open(assignment.configuration, schema: assignment.schema, migrationPlan: migrationPlan)
                    stores.append(DataStoreAdapter(store, schema: assignment.schema))
                }
            }
        } catch let error as OpenSwiftDataError {
            throw SwiftDataError(openingStore: error)
        }
        try self.init(schema: givenSchema, migrationPlan: migrationPlan, stores: stores, configurations: Set(sqliteConfigurations))
    }
}
