import Foundation

/// The steps that take a store from the schema it holds to the one that opens it,
/// each with its diff, all computed before the store is touched: a step that no
/// migration can make throws here.
struct MigrationPath {
    struct Step {
        let diff: SchemaDiff
        let target: Schema
        /// The schema `willMigrate` sees (the stage's old version).
        let oldSchema: Schema?
        let willMigrate: ((ModelContext) throws -> Void)?
        let didMigrate: ((ModelContext) throws -> Void)?
        let label: String
    }

    /// What a container's store must become.
    struct Target {
        let schema: Schema
        let encoded: StoredSchema.Encoded
        var stored: StoredSchema { encoded.schema }
        var version: Schema.Version { schema.version }
        /// The target's position in the plan's schemas, if it is one of them.
        let planIndex: Int?

        /// The plan's version whose models include the container's (a container is
        /// often made with only the root models), or else the container's schema.
        init(schema: Schema, plan: (any SchemaMigrationPlan.Type)?) throws {
            if let plan {
                let wanted = Set(schema.modelTypes.map(ObjectIdentifier.init))
                let index = plan.schemas.lastIndex { version in
                    wanted.isSubset(of: Set(Schema(versionedSchema: version).modelTypes.map(ObjectIdentifier.init)))
                }
                if let index {
                    self.schema = Schema(versionedSchema: plan.schemas[index])
                    self.encoded = try StoredSchema.Encoded.describing(self.schema)
                    self.planIndex = index
                    return
                }
            }
            self.schema = schema
            self.encoded = try StoredSchema.Encoded.describing(schema)
            self.planIndex = nil
        }
    }

    var steps: [Step] = []

    /// The path from the stored schema to the target: through the plan's stages when
    /// there is a plan, else one lightweight step.
    init(from stored: StoredSchema, version storedVersion: Schema.Version?, to target: Target,
         plan: (any SchemaMigrationPlan.Type)?) throws {
        if let storedVersion, storedVersion > target.version {
            throw MigrationPath.newerStoreError(stored, storedVersion, target)
        }
        var current = stored
        if let plan, !plan.schemas.isEmpty {
            let versions = plan.schemas
            let schemas = versions.map { Schema(versionedSchema: $0) }
            let storedSchemas = try schemas.map(StoredSchema.init)
            // Where the store is in the plan: its exact version and layout, else its
            // layout, else its version if it holds that version's entities (a
            // version whose models changed without a new number); a version number
            // alone could be any app's 1.0.0.
            let storedEntities = Set(stored.entities.map(\.name))
            let start = versions.indices.last { storedSchemas[$0] == stored && versions[$0].versionIdentifier == storedVersion }
                ?? versions.indices.last { storedSchemas[$0] == stored }
                ?? versions.indices.first {
                    versions[$0].versionIdentifier == storedVersion && Set(storedSchemas[$0].entities.map(\.name)) == storedEntities
                }
            guard let start else {
                throw OpenSwiftDataError.unknownStoreVersion(
                    storeVersion: storedVersion.map { "\($0)" }, planVersions: versions.map { "\($0.versionIdentifier)" }, plan: "\(plan)")
            }
            let end = target.planIndex ?? versions.count - 1
            if start > end {
                throw MigrationPath.newerStoreError(stored, versions[start].versionIdentifier, target)
            }
            var index = start
            while index < end {
                let from = versions[index]
                let stage = plan.stages.first { ObjectIdentifier($0.fromVersion) == ObjectIdentifier(from) }
                    ?? plan.stages.first { $0.fromVersion.versionIdentifier == from.versionIdentifier }
                var next = index + 1
                if let stage {
                    guard let to = versions.firstIndex(where: { ObjectIdentifier($0) == ObjectIdentifier(stage.toVersion) })
                            ?? versions.firstIndex(where: { $0.versionIdentifier == stage.toVersion.versionIdentifier }),
                          to > index else {
                        throw OpenSwiftDataError.migrationFailed(
                            "\(plan)'s \(stage) goes to a version that is not after \(from.versionIdentifier) in \(plan).schemas. "
                                + "Fix: list the schemas oldest first and give each stage a later toVersion. The store was not changed.")
                    }
                    next = to
                }
                guard next <= end else {
                    throw OpenSwiftDataError.migrationFailed(
                        "\(plan)'s stage from \(from.versionIdentifier) goes past this container's version \(target.version). "
                            + "Fix: open the container with the plan's newest version, or add a stage to \(target.version). The store was not changed.")
                }
                let label = "\(from.versionIdentifier) → \(versions[next].versionIdentifier)"
                if case let .custom(_, _, willMigrate, didMigrate) = stage {
                    if willMigrate != nil, current != storedSchemas[index] {
                        // willMigrate works on the old version's models: bring the
                        // store to exactly that layout first.
                        try append(from: current, to: schemas[index], kind: .lightweight, label: "to \(from.versionIdentifier)")
                        current = storedSchemas[index]
                    }
                    steps.append(Step(diff: try SchemaDiff(from: current, to: schemas[next], kind: .custom), target: schemas[next],
                                      oldSchema: schemas[index], willMigrate: willMigrate, didMigrate: didMigrate, label: label))
                } else {
                    try append(from: current, to: schemas[next], kind: .lightweight, label: label)
                }
                current = storedSchemas[next]
                index = next
            }
        }
        if current != target.stored {
            try append(from: current, to: target.schema, kind: .lightweight, label: "to \(target.version)")
        }
    }

    private mutating func append(from stored: StoredSchema, to schema: Schema, kind: SchemaDiff.Kind, label: String) throws {
        steps.append(Step(diff: try SchemaDiff(from: stored, to: schema, kind: kind), target: schema,
                          oldSchema: nil, willMigrate: nil, didMigrate: nil, label: label))
    }

    /// The error for a store written by a later schema, naming what the store has
    /// that the target lacks.
    static func newerStoreError(_ stored: StoredSchema, _ version: Schema.Version, _ target: Target) -> OpenSwiftDataError {
        var entity = stored.entities.first?.name ?? "?"
        var property: String?
        if let missing = stored.entities.first(where: { target.stored.entity(named: $0.name) == nil }) {
            entity = missing.name
        } else {
            for old in stored.entities {
                guard let new = target.stored.entity(named: old.name), new != old else { continue }
                entity = old.name
                let names = Set(new.attributes.map(\.name) + new.relationships.map(\.name))
                property = (old.attributes.map(\.name) + old.relationships.map(\.name)).first { !names.contains($0) }
                    ?? zip(old.attributes, new.attributes).first { $0 != $1 }?.0.name
                    ?? old.attributes.first?.name
                break
            }
        }
        return .storeNewerThanSchema(storeVersion: version.description, schemaVersion: target.version.description,
                                     entity: entity, property: property)
    }
}
