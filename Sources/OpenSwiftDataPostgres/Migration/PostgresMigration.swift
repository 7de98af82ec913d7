#if PostgreSQL
import Foundation
import OpenSwiftData

/// Brings a database to a container's schema when the store opens, in the opening
/// transaction under the schema lock (PostgreSQL's DDL is transactional): if anything
/// throws, the database is as it was, and instances that open it at once migrate once.
///
/// Without a plan, or for a database the plan's stages have nothing left to do, the
/// tables are brought to the schema by the lightweight migration rules every store
/// follows (``SchemaDiff``, from the schema the database records or, for one that
/// records none, reads from its tables; applied by ``PostgresLightweightMigration``).
/// With a plan, a database whose recorded version (``PostgresStoreMetadata``) is older
/// than the container's runs the plan's stages
/// from there, in order: a custom stage's `willMigrate` on a context of its old
/// version, then the tables brought to its new version, then its `didMigrate` on a
/// context of the new one. Those contexts use the migration's own session, so they
/// see its uncommitted changes and their saves commit or roll back with it.
struct PostgresMigration {
    let configuration: PostgresConfiguration
    let schema: Schema
    let plan: (any SchemaMigrationPlan.Type)?

    func run(on session: PostgresSession, layout: PostgresSchemaLayout) throws {
        try refuseOthersModels(on: session)
        let target = targetVersion
        let recorded = try PostgresStoreMetadata.version(on: session)
        let isNew = try !PostgresStoreMetadata.hasTables(layout.tableNames, on: session)
        if let plan, !isNew {
            if let recorded {
                if recorded > target {
                    throw OpenSwiftDataError.migrationFailed(
                        "the database's tables are at schema version \(recorded), newer than this program's \(target): "
                            + "it was written by a later version of the program. Open it with that version. The database was not changed.")
                }
                if recorded < target { try runStages(of: plan, from: recorded, to: target, on: session) }
            } else if plan.stages.contains(where: { if case .custom = $0 { true } else { false } }) {
                // Tables named as the models' but none with the key column every store's table has,
                // and no record, are another program's: said so, as a store file holding them is,
                // not a version to be migrated from.
                let tables = try PostgresStoreMetadata.existingTables(layout.tableNames, on: session)
                if try !PostgresStoreMetadata.hasTables([PostgresStoreMetadata.table], on: session),
                   try !PostgresStoreMetadata.anyHasKeyColumn(tables, on: session) {
                    throw OpenSwiftDataError.storeHoldsOtherData(path: configuration.location.description, names: tables)
                }
                throw OpenSwiftDataError.unknownStoreVersion(storeVersion: nil, planVersions: plan.schemas.map { "\($0.versionIdentifier)" },
                                                             plan: "\(plan)")
            }
        }
        try bringTables(to: schema, layout: layout, kind: .lightweight, on: session)
        // A container without a plan never lowers the version a plan recorded.
        if plan != nil || recorded.map({ $0 < target }) ?? true {
            try PostgresStoreMetadata.record(target, on: session)
        }
    }

    /// Throws when the schema the database records is of none of the container's models nor
    /// its plan's (another app's store, kept in the schema this configuration names): the
    /// tables would be brought to the container's schema, dropping every table of the other's
    /// and its rows. The SQLite store refuses such a file alike.
    private func refuseOthersModels(on session: PostgresSession) throws {
        let encoded = try StoredSchema.Encoded.describing(schema)
        guard let recorded = try PostgresStoreMetadata.schema(on: session, knowing: encoded), recorded != encoded.schema,
              let others = recorded.othersModels(recorded: true, known: [schema] + (plan?.schemas ?? []).map { Schema(versionedSchema: $0) })
        else { return }
        throw OpenSwiftDataError.storeHoldsOtherData(path: configuration.location.description, names: others)
    }

    /// The plan's version whose models include the container's, or the schema's own.
    private var targetVersion: Schema.Version {
        guard let plan else { return schema.version }
        let wanted = Set(schema.modelTypes.map(ObjectIdentifier.init))
        let version = plan.schemas.last { version in
            wanted.isSubset(of: Set(Schema(versionedSchema: version).modelTypes.map(ObjectIdentifier.init)))
        }
        return version?.versionIdentifier ?? schema.version
    }

    private func runStages(of plan: any SchemaMigrationPlan.Type, from recorded: Schema.Version, to target: Schema.Version,
                           on session: PostgresSession) throws {
        let versions = plan.schemas
        guard let start = versions.firstIndex(where: { $0.versionIdentifier == recorded }),
              let end = versions.firstIndex(where: { $0.versionIdentifier == target }) else {
            throw OpenSwiftDataError.unknownStoreVersion(storeVersion: "\(recorded)", planVersions: versions.map { "\($0.versionIdentifier)" },
                                                         plan: "\(plan)")
        }
        var index = start
        while index < end {
            let from = versions[index]
            let stage = plan.stages.first { Self.versions(of: $0).from.versionIdentifier == from.versionIdentifier }
            var next = index + 1
            if let stage {
                let to = Self.versions(of: stage).to.versionIdentifier
                guard let toIndex = versions.firstIndex(where: { $0.versionIdentifier == to }), toIndex > index, toIndex <= end else {
                    throw OpenSwiftDataError.migrationFailed(
                        "\(plan)'s \(stage) does not go to a version between \(from.versionIdentifier) and this program's \(target). "
                            + "Fix: list the schemas oldest first and give each stage a later toVersion. The database was not changed.")
                }
                next = toIndex
            }
            let newSchema = Schema(versionedSchema: versions[next])
            if case let .custom(_, _, willMigrate, didMigrate)? = stage {
                if let willMigrate { try runStageCode(willMigrate, schema: Schema(versionedSchema: from), on: session) }
                try bringTables(to: newSchema, kind: .custom, on: session)
                if let didMigrate { try runStageCode(didMigrate, schema: newSchema, on: session) }
            } else {
                try bringTables(to: newSchema, kind: .lightweight, on: session)
            }
            index = next
        }
    }

    private static func versions(of stage: MigrationStage) -> (from: any VersionedSchema.Type, to: any VersionedSchema.Type) {
        switch stage {
        case let .lightweight(from, to), let .custom(from, to, _, _): (from, to)
        }
    }

    private func bringTables(to schema: Schema, kind: SchemaDiff.Kind, on session: PostgresSession) throws {
        try bringTables(to: schema, layout: try PostgresSchemaLayout(schema: schema), kind: kind, on: session)
    }

    /// Brings the tables from the schema the database records (or, recording none, shows
    /// in its tables) to `schema`, creates what is missing, and records `schema`.
    private func bringTables(to schema: Schema, layout: PostgresSchemaLayout, kind: SchemaDiff.Kind, on session: PostgresSession) throws {
        let target = try StoredSchema.Encoded.describing(schema)
        let recorded = try PostgresStoreMetadata.schema(on: session, knowing: target)
        if recorded != target.schema {
            let stored = try recorded ?? PostgresCatalogue.storedSchema(on: session, assuming: schema)
            let diff = try SchemaDiff(from: stored, to: schema, kind: kind)
            if !diff.isEmpty { try PostgresLightweightMigration(diff: diff, layout: layout).apply(on: session) }
        }
        _ = try layout.createMissing(on: session)
        if recorded != target.schema { try PostgresStoreMetadata.record(target, on: session) }
    }

    /// Runs a stage's code on a fresh context of `schema` over the migration's session,
    /// and saves what it leaves unsaved.
    private func runStageCode(_ body: (ModelContext) throws -> Void, schema: Schema, on session: PostgresSession) throws {
        let store = try PostgresStore(migrating: session, schema: schema, configuration: configuration)
        let context = ModelContext(try ModelContainer(schema: schema, migrationPlan: nil, store: store))
        try body(context)
        if context.hasChanges { try context.save() }
    }
}
#endif
