/// A step of a migration plan from one schema version to the next.
public enum MigrationStage: @unchecked Sendable, CustomStringConvertible {
    /// A change the store applies by itself: added or removed entities and
    /// attributes, renames through `originalName`, new constraints and indexes.
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// A change with code of its own: `willMigrate` runs on a context of the old
    /// schema before the store changes, `didMigrate` on one of the new schema after.
    /// Both run inside the migration's transaction: if either throws, the store is
    /// left as it was.
    case custom(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
                willMigrate: ((ModelContext) throws -> Void)?, didMigrate: ((ModelContext) throws -> Void)?)

    var fromVersion: any VersionedSchema.Type {
        switch self {
        case let .lightweight(from, _), let .custom(from, _, _, _): from
        }
    }

    var toVersion: any VersionedSchema.Type {
        switch self {
        case let .lightweight(_, to), let .custom(_, to, _, _): to
        }
    }

    /// The stage as it reads in a log: its kind and the versions it goes between.
    public var description: String {
        switch self {
        case .lightweight: "lightweight stage \(fromVersion.versionIdentifier) → \(toVersion.versionIdentifier)"
        case .custom: "custom stage \(fromVersion.versionIdentifier) → \(toVersion.versionIdentifier)"
        }
    }
}
