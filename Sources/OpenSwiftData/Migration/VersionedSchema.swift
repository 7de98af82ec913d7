/// One version of an app's models, in a migration plan.
///
/// Each version declares its own model types (usually nested in the enum that
/// conforms); a model's entity, and so its table, is named after the unqualified
/// type name, so `SchemaV1.InventoryCard` and `SchemaV2.InventoryCard` are two
/// versions of the table `InventoryCard`.
public protocol VersionedSchema {
    /// The models of this version.
    static var models: [any PersistentModel.Type] { get }
    static var versionIdentifier: Schema.Version { get }
}
