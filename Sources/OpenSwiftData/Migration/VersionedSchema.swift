/// One version of an app's models, in a migration plan.
public protocol VersionedSchema {
    /// The models of this version.
    static var models: [any PersistentModel.Type] { get }
    static var versionIdentifier: Schema.Version { get }
}
