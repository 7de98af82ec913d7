/// SwiftData's reflection of a schema, for code that inspects models by name (custom
/// stores, sync and export code).
extension Schema {
    /// The entity name a model type is stored under: its type name.
    public static func entityName<T: PersistentModel>(for type: T.Type) -> String {
        EntityCatalog.entity(for: type).name
    }

    /// An empty schema, as SwiftData's `Schema()`.
    public convenience init() {
        self.init([any PersistentModel.Type]())
    }

    /// The schema's version and entity names.
    public var debugDescription: String { description }
}

extension Schema: CustomDebugStringConvertible {}

extension Schema.Entity: CustomDebugStringConvertible {
    /// The persisted properties (attributes and relationships), in declaration order:
    /// every property of ``properties``, since a transient property is not part of an entity.
    public var storedProperties: [any SchemaProperty] { properties }

    /// The persisted properties (attributes and relationships) by name.
    public var storedPropertiesByName: [String: any SchemaProperty] {
        Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The entity's name and the names of its persisted properties.
    public var debugDescription: String {
        "Entity \(name): " + properties.map(\.name).joined(separator: ", ")
    }
}
