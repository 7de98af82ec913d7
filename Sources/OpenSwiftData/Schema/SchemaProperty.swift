/// What every persisted property of an entity describes: an attribute or a relationship.
///
/// `Codable`, as in SwiftData, so that a property (and so an entity and a schema) can be
/// written out and read back. The members are read-only here, where SwiftData's
/// `name`, `originalName` and `valueType` are settable: see "Deliberate differences" in
/// <doc:SwiftDataCompatibility>.
public protocol SchemaProperty: AnyObject, Hashable, Sendable, Codable {
    var name: String { get }
    var originalName: String { get }
    var valueType: any Any.Type { get }
    var isAttribute: Bool { get }
    var isRelationship: Bool { get }
    var isTransient: Bool { get }
    var isOptional: Bool { get }
    var isUnique: Bool { get }
}
