/// A step of a migration plan from one schema version to the next.
public enum MigrationStage: @unchecked Sendable {
    /// A change the store applies by itself: added or removed entities and
    /// attributes, renames through `originalName`, new constraints and indexes.
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// A change with code of its own: `willMigrate` runs on a context of the old
    /// schema before the store changes, `didMigrate` on one of the new schema after.
    case custom(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
                willMigrate: ((ModelContext) throws -> Void)?, didMigrate: ((ModelContext) throws -> Void)?)
}
