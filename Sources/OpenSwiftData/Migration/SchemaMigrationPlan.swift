/// The versions of an app's schema, oldest first, and the stages between them.
///
/// A container opened with a plan takes its store from the version it was written
/// with to the container's version through the stages, in order; where no stage
/// starts at a version, the store goes to the next version by a lightweight change.
public protocol SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { get }
    static var stages: [MigrationStage] { get }
}
