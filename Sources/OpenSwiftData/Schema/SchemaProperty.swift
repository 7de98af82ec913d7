/// What every persisted property of an entity describes: an attribute or a relationship.
public protocol SchemaProperty: AnyObject, Hashable, Sendable {
    var name: String { get }
    var originalName: String { get }
    var valueType: any Any.Type { get }
    var isAttribute: Bool { get }
    var isRelationship: Bool { get }
    var isTransient: Bool { get }
    var isOptional: Bool { get }
    var isUnique: Bool { get }
}
