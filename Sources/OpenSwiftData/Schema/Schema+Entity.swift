import Foundation

extension Schema {
    /// A model type as the store sees it: a table with a column per attribute and
    /// to-one relationship.
    public final class Entity: @unchecked Sendable, Hashable, CustomStringConvertible {
        /// The model's type name, which is also its table's name.
        public let name: String
        /// Persisted properties in declaration order.
        public let properties: [any SchemaProperty]
        /// The entity's attributes.
        public let attributes: Set<Schema.Attribute>
        /// The entity's relationships.
        public let relationships: Set<Schema.Relationship>
        /// The entity's attributes by name.
        public let attributesByName: [String: Schema.Attribute]
        /// The entity's relationships by name.
        public let relationshipsByName: [String: Schema.Relationship]
        /// Property names whose combined values are unique (`.unique` attributes and `#Unique`).
        public let uniquenessConstraints: [[String]]
        /// Property names of each index (`#Index`); unique constraints are indexed too.
        public let indices: [[String]]

        /// The entity of the model class this one's class inherits from (`@Model class
        /// BusinessTrip: Trip`), or nil for a model that inherits from no model.
        public internal(set) var superentity: Schema.Entity?
        /// The name of ``superentity``.
        public var superentityName: String? { superentity?.name }
        /// The entities of the model classes that inherit directly from this one's,
        /// among those this process has described (every model a schema lists).
        public var subentities: Set<Schema.Entity> {
            EntityCatalog.lock.lock()
            defer { EntityCatalog.lock.unlock() }
            return subentityStorage
        }
        /// Guarded by `EntityCatalog.lock`.
        var subentityStorage: Set<Schema.Entity> = []
        /// The properties the entity inherits from its ``superentity`` (and its
        /// superentity's, and so on); empty for an entity without one.
        public var inheritedProperties: [any SchemaProperty] {
            superentity.map(\.properties) ?? []
        }
        /// ``inheritedProperties`` by name.
        public var inheritedPropertiesByName: [String: any SchemaProperty] {
            Dictionary(inheritedProperties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }

        let modelType: any PersistentModel.Type
        /// The model validates itself on every save (``ValidatingModel``).
        let isValidating: Bool
        /// Parallel to `properties`: each with what the runtime needs to store it.
        package let persistedProperties: [StoredProperty]
        let storedPropertiesByKeyPath: [AnyKeyPath: StoredProperty]
        /// The relationships declared with `let`, whose fetched models hold placeholders
        /// until their context gives them the models they refer to.
        let constantRelationships: [Schema.Relationship]
        /// Whether an initialiser may set a relationship without its setter, which keeps
        /// the inverse in step: a `let` is set directly, and a `var` set before the model
        /// is whole (before a `let` without an initial value, or before a subclass's
        /// `super.init`) goes through its `init` accessor.
        let initialisersMaySkipInverses: Bool

        init(modelType: any PersistentModel.Type) {
            self.modelType = modelType
            self.isValidating = modelType is any ValidatingModel.Type
            self.name = unqualifiedName(of: modelType)
            // A subclass's `schemaMetadata` lists its own properties; its generated
            // reader and writer handle those first, then the superclass's, so the
            // inherited properties follow its own, in the superentity's order.
            let superentity = Self.superModelType(of: modelType).map { EntityCatalog.entity(for: $0) }
            self.superentity = superentity
            var stored: [StoredProperty] = []
            for (index, metadata) in modelType.schemaMetadata.enumerated() {
                stored.append(StoredProperty(metadata: metadata, index: index))
            }
            for inherited in superentity?.persistedProperties ?? [] {
                stored.append(inherited.at(index: stored.count))
            }
            self.persistedProperties = stored
            self.storedPropertiesByKeyPath = Dictionary(stored.map { ($0.keyPath, $0) }, uniquingKeysWith: { a, _ in a })
            self.constantRelationships = stored.filter(\.isConstant).compactMap(\.relationship)
            self.initialisersMaySkipInverses = superentity != nil || stored.contains(where: \.isConstant)
            self.properties = stored.map(\.schemaProperty)
            let attributes = stored.compactMap(\.attribute)
            let relationships = stored.compactMap(\.relationship)
            self.attributes = Set(attributes)
            self.relationships = Set(relationships)
            self.attributesByName = Dictionary(attributes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            self.relationshipsByName = Dictionary(relationships.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let singleUnique = attributes.filter { $0.isUnique }.map { [$0.name] }
            let unique = singleUnique + modelType._$uniquenessConstraints.filter { !singleUnique.contains($0) }
            self.uniquenessConstraints = unique + (superentity?.uniquenessConstraints ?? []).filter { !unique.contains($0) }
            self.indices = modelType._$indexes + (superentity?.indices ?? []).filter { !modelType._$indexes.contains($0) }
        }

        /// The model class a model class inherits from, if it is a model: found through
        /// the class's runtime metadata, so that `@Model` need not name it.
        static func superModelType(of type: any PersistentModel.Type) -> (any PersistentModel.Type)? {
            guard let superclass = _getSuperclass(type) else { return nil }
            return superclass as? any PersistentModel.Type
        }

        /// The entity at the top of this one's inheritance chain: itself when it has no superentity.
        var rootEntity: Schema.Entity {
            var entity = self
            while let parent = entity.superentity { entity = parent }
            return entity
        }

        /// This entity and every entity below it, among those `isIncluded` accepts,
        /// parents before children.
        func family(where isIncluded: (Schema.Entity) -> Bool) -> [Schema.Entity] {
            var result: [Schema.Entity] = [self]
            var index = 0
            while index < result.count {
                let children = result[index].subentities.filter(isIncluded).sorted { $0.name < $1.name }
                result.append(contentsOf: children)
                index += 1
            }
            return result
        }

        /// An entity decoded from a schema's encoded form: its metadata, without a model type.
        init(name: String, properties: [any SchemaProperty], uniquenessConstraints: [[String]], indices: [[String]]) {
            self.modelType = UndeclaredModel.self
            self.superentity = nil
            self.isValidating = false
            self.name = name
            self.persistedProperties = []
            self.storedPropertiesByKeyPath = [:]
            self.constantRelationships = []
            self.initialisersMaySkipInverses = false
            self.properties = properties
            let attributes = properties.compactMap { $0 as? Schema.Attribute }
            let relationships = properties.compactMap { $0 as? Schema.Relationship }
            self.attributes = Set(attributes)
            self.relationships = Set(relationships)
            self.attributesByName = Dictionary(attributes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            self.relationshipsByName = Dictionary(relationships.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            self.uniquenessConstraints = uniquenessConstraints
            self.indices = indices
        }

        /// False for an entity decoded from a schema's encoded form, which has no model type.
        var isDeclared: Bool { modelType != UndeclaredModel.self }

        /// The entity's name.
        public var description: String { "Entity \(name)" }

        /// Two entities are equal when they are the same entity.
        public static func == (lhs: Entity, rhs: Entity) -> Bool { lhs === rhs }
        /// Hashes the entity's identity, consistently with `==`.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        func storedProperty(named name: String) -> StoredProperty? {
            persistedProperties.first { $0.name == name }
        }

        /// The attributes a failed read has nothing to give for: no declared default
        /// and no zero of the type (see `ValueCodec.standInValue`), such as an enum with
        /// associated values. A read of one that the store cannot answer is the one
        /// trap data can still reach, as a getter that cannot throw has no value of the
        /// type to return; `ModelContainer` warns of them when it opens, before any data can.
        var attributesWithoutStandIn: [String] {
            persistedProperties.compactMap { property in
                guard let attribute = property.attribute, attribute.standInValue == nil else { return nil }
                return property.name
            }
        }
    }
}

/// A persisted property with what the runtime needs to store it.
package struct StoredProperty: @unchecked Sendable {
    package let name: String
    /// Position in `schemaMetadata`, the generated reader and writer.
    package let index: Int
    let keyPath: AnyKeyPath
    package let attribute: Schema.Attribute?
    package let relationship: Schema.Relationship?

    /// The same property at another position: an inherited property in a subentity.
    func at(index: Int) -> StoredProperty {
        StoredProperty(name: name, index: index, keyPath: keyPath, attribute: attribute, relationship: relationship)
    }

    private init(name: String, index: Int, keyPath: AnyKeyPath, attribute: Schema.Attribute?, relationship: Schema.Relationship?) {
        self.name = name
        self.index = index
        self.keyPath = keyPath
        self.attribute = attribute
        self.relationship = relationship
    }

    init(metadata: Schema.PropertyMetadata, index: Int) {
        self.name = metadata.name
        self.index = index
        self.keyPath = metadata.keypath
        self.attribute = metadata.metadata as? Schema.Attribute
        self.relationship = metadata.metadata as? Schema.Relationship
    }

    /// A `let` property: its key path cannot write, and every model read must load it,
    /// since it cannot be set afterwards.
    var isConstant: Bool { !(keyPath is any _WritableKeyPathMarker) }

    var schemaProperty: any SchemaProperty { (attribute as (any SchemaProperty)?) ?? relationship! }
    var originalName: String { attribute?.originalName ?? relationship?.originalName ?? name }
}

/// Tells a writable key path from a read-only one without knowing its types.
protocol _WritableKeyPathMarker {}
extension ReferenceWritableKeyPath: _WritableKeyPathMarker {}
