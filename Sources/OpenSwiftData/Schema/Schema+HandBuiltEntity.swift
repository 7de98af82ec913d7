extension Schema.Entity {
    /// An entity with a name and no properties, as SwiftData's `Schema.Entity("Trip")`.
    ///
    /// An entity built by hand, like one decoded from a saved schema, describes a model
    /// without a Swift type: custom stores, export and migration tooling can read it, and
    /// a container refuses to open a store for it (``OpenSwiftDataError``'s
    /// `schemaWithoutModelType` names it), since there is no class to make models of.
    public convenience init(_ name: String) {
        self.init(handBuilt: name, subentities: [], properties: [])
    }

    /// An entity with a name and its properties: attributes, relationships, and the
    /// `Schema.Unique` and `Schema.Index` constraints over them, in any order.
    public convenience init(_ name: String, properties: any SchemaProperty...) {
        self.init(handBuilt: name, subentities: [], properties: properties)
    }

    /// An entity with a name, the entities that inherit from it, and its properties.
    /// Each subentity's ``superentity`` becomes this entity.
    public convenience init(_ name: String, subentities: Schema.Entity..., properties: any SchemaProperty...) {
        self.init(handBuilt: name, subentities: subentities, properties: properties)
    }

    private convenience init(handBuilt name: String, subentities: [Schema.Entity], properties: [any SchemaProperty]) {
        let stored = properties.filter { $0 is Schema.Attribute || $0 is Schema.Relationship }
        let constraints = properties.compactMap { $0 as? any PropertyNameGroups }
        let singleUnique = stored.compactMap { $0 as? Schema.Attribute }.filter(\.isUnique).map { [$0.name] }
        let unique = constraints.filter(\.isUnique).flatMap(\.propertyNames).filter { !singleUnique.contains($0) }
        for case let relationship as Schema.Relationship in stored where relationship.sourceEntityName.isEmpty {
            relationship.sourceEntityName = name
        }
        self.init(name: name, properties: stored, uniquenessConstraints: singleUnique + unique,
                  indices: constraints.filter { !$0.isUnique }.flatMap(\.propertyNames))
        EntityCatalog.lock.lock()
        defer { EntityCatalog.lock.unlock() }
        for subentity in subentities {
            subentity.superentity = self
            subentityStorage.insert(subentity)
        }
    }
}

/// A constraint over lists of property names (`Schema.Unique`, `Schema.Index`), read
/// without knowing its model type.
protocol PropertyNameGroups {
    var propertyNames: [[String]] { get }
    var isUnique: Bool { get }
}

extension Schema.Unique: PropertyNameGroups {}
extension Schema.Index: PropertyNameGroups {}
