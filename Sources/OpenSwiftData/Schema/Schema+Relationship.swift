import Foundation

extension Schema {
    /// A property of a model whose value is another model, an optional one, or an array of them.
    public final class Relationship: SchemaProperty, @unchecked Sendable, CustomStringConvertible {
        /// The property's name.
        public internal(set) var name: String = ""
        /// The name the relationship had in an earlier schema version (`originalName:`), or its name.
        public var originalName: String { storedOriginalName ?? name }
        /// The `@Relationship` options.
        public let options: [Option]
        /// What deleting the source model does to the related models.
        public let deleteRule: DeleteRule
        /// The fewest related models a to-many relationship may hold; 0 for no minimum.
        public let minimumModelCount: Int?
        /// The most related models a to-many relationship may hold; 0 for no maximum.
        public let maximumModelCount: Int?
        /// The `hashModifier:` given to `@Relationship`, which forces a migration step when changed.
        public let hashModifier: String?
        /// The inverse as declared with `inverse:`, or as inferred when the schema is built.
        public internal(set) var inverseKeyPath: AnyKeyPath?
        /// The name of the inverse relationship on the destination, if there is one.
        public internal(set) var inverseName: String?
        /// The destination entity's name.
        public internal(set) var destination: String = ""
        /// The key path to the property on its model; nil in a decoded schema.
        public internal(set) var keypath: AnyKeyPath?
        /// True for a model or optional model, false for an array of models.
        public internal(set) var isToOneRelationship: Bool = true
        /// True when the property's type is optional.
        public internal(set) var isOptional: Bool = true
        /// The property's Swift type.
        public internal(set) var valueType: any Any.Type = Any.self
        /// False: a relationship is not an attribute.
        public var isAttribute: Bool { false }
        /// True: a relationship.
        public var isRelationship: Bool { true }
        /// False: transient properties are not in the schema.
        public var isTransient: Bool { false }
        /// True when marked `.unique`.
        public var isUnique: Bool { options.contains(.unique) }

        let storedOriginalName: String?
        let declaredInverse: AnyKeyPath?
        var destinationType: (any PersistentModel.Type)!
        /// The name of the entity that declares this relationship.
        public internal(set) var sourceEntityName: String = ""
        /// The relationship on the destination that mirrors this one, once the schema is built.
        package var inverse: Schema.Relationship?
        var inverseResolved = false
        /// A to-many relationship whose members hold the owner's key (its inverse is a
        /// to-one): a member's position is a column of its own row.
        package var isKeptByMembersForeignKey: Bool { !isToOneRelationship && inverse?.isToOneRelationship == true }
        /// Reads and writes the relationship on a model of the source entity.
        var access: RelationshipAccess!
        /// The type name a decoded relationship was encoded with.
        var encodedValueTypeName: String? {
            didSet { valueType = encodedValueTypeName.flatMap(EncodedType.type(named:)) ?? Any.self }
        }

        /// The form `@Relationship(...)` expands to; the name, type and destination are filled in by the property's metadata.
        public convenience init(_ options: Option..., deleteRule: DeleteRule = .nullify, minimumModelCount: Int? = 0,
                                maximumModelCount: Int? = 0, originalName: String? = nil, inverse: AnyKeyPath? = nil,
                                hashModifier: String? = nil) {
            self.init(options: options, deleteRule: deleteRule, minimumModelCount: minimumModelCount, maximumModelCount: maximumModelCount,
                      originalName: originalName, inverse: inverse, hashModifier: hashModifier)
        }

        init(options: [Option], deleteRule: DeleteRule, minimumModelCount: Int?, maximumModelCount: Int?,
             originalName: String?, inverse: AnyKeyPath?, hashModifier: String?) {
            self.options = options
            self.deleteRule = deleteRule
            self.minimumModelCount = minimumModelCount
            self.maximumModelCount = maximumModelCount
            self.storedOriginalName = originalName
            self.declaredInverse = inverse
            self.inverseKeyPath = inverse
            self.hashModifier = hashModifier
        }

        // `@Model` passes the `inverse:` key path through these, so that an inverse
        // that is not a relationship fails to compile with the message below. They take
        // read-only key paths: outside its class, the key path to a `private(set)`
        // relationship is one (at run time it is the same key path as the writable one
        // the class's own metadata holds, so the inverse is still found).

        public static func _$inverse<Root: PersistentModel, Destination: PersistentModel>(
            _ keyPath: KeyPath<Root, Destination?>) -> AnyKeyPath { keyPath }
        public static func _$inverse<Root: PersistentModel, Destination: PersistentModel>(
            _ keyPath: KeyPath<Root, Destination>) -> AnyKeyPath { keyPath }
        public static func _$inverse<Root: PersistentModel, Destination: PersistentModel>(
            _ keyPath: KeyPath<Root, [Destination]>) -> AnyKeyPath { keyPath }
        public static func _$inverse<Root: PersistentModel, Destination: PersistentModel>(
            _ keyPath: KeyPath<Root, [Destination]?>) -> AnyKeyPath { keyPath }
        /// `inverse: nil`, as SwiftData takes it: the same as leaving `inverse:` out.
        public static func _$inverse(_ none: _NoInverse?) -> AnyKeyPath? { nil }
        /// The type of `inverse: nil`'s literal: no value of it exists.
        public enum _NoInverse {}
        @available(*, unavailable, message: "the inverse of a relationship must itself be a relationship: a stored property of a @Model class whose type is a model, an optional model or an array of models")
        public static func _$inverse<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> AnyKeyPath { keyPath }

        /// A to-one relationship keeps the related row's key in a column of its own,
        /// except the second side of a one-to-one pair (by entity and property name),
        /// which is found through the first side's column: one key per pair, so the
        /// two sides can never disagree in the store.
        var storesForeignKey: Bool {
            guard isToOneRelationship else { return false }
            guard let inverse, inverse.isToOneRelationship, inverse !== self else { return true }
            return "\(sourceEntityName).\(name)" <= "\(inverse.sourceEntityName).\(inverse.name)"
        }

        /// True when deleting the source clears its members' keys in the store itself, as
        /// `.nullify` asks: the keys are on the members' side, and another process may have
        /// given the relationship a member the deleting context never read.
        package var clearsMembersKeysOnDelete: Bool {
            deleteRule == .nullify && inverse?.storesForeignKey == true
        }

        /// The relationship's name and destination, in brackets when to-many.
        public var description: String { "\(name) -> \(isToOneRelationship ? destination : "[\(destination)]")" }

        /// Two relationships are equal when they are the same relationship.
        public static func == (lhs: Relationship, rhs: Relationship) -> Bool { lhs === rhs }
        /// Hashes the relationship's identity, consistently with `==`.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// What deleting the source model does to the models this relationship holds.
        public enum DeleteRule: String, Codable, Hashable, Sendable {
            /// Deletes the related models too.
            case cascade
            /// The save that deletes the source throws while related models remain.
            case deny
            /// Removes the source from the related models' inverse (the default).
            case nullify
            /// Leaves the related models untouched.
            case noAction
        }

        /// Options of `@Relationship`.
        public struct Option: Hashable, Sendable {
            let name: String
            /// The related models, taken together, are unique for the source.
            public static let unique = Option(name: "unique")
        }
    }
}

/// Type-erased reading and writing of one relationship, captured with its types
/// when the property's metadata is made.
struct RelationshipAccess: @unchecked Sendable {
    /// The related models (faulting them in), as an array whatever the cardinality.
    let get: (AnyObject) -> [AnyObject]
    /// Replaces the related models; for a to-one relationship, the first or nil.
    let set: (AnyObject, [AnyObject]) -> Void
    /// Makes a model a member, unless it is one: appended to a to-many
    /// relationship, the value of a to-one.
    let add: (AnyObject, AnyObject) -> Void
    /// Takes a model out, if it is a member.
    let remove: (AnyObject, AnyObject) -> Void
    /// The members, without loading them: nil when the relationship is not in memory
    /// (a to-many never read holds no model yet). Nil itself where the storage cannot
    /// be seen (a relationship `@Model` did not write).
    var membersInMemory: ((AnyObject) -> [AnyObject]?)? = nil
    /// `add` for a model the caller knows is not a member, without searching the
    /// members for it (a search of every member at each append made joining n
    /// models to one owner cost n²). Nil where only `add` is offered.
    var addNew: ((AnyObject, AnyObject) -> Void)? = nil
    /// Replaces the members held in memory without the setter: no inverse upkeep, no change
    /// recorded, no observer told. For a model being deleted, whose side the delete rules
    /// empty before they set each member's inverse (see `applyDeleteRules`). Nil where the
    /// storage cannot be seen.
    var replaceInMemory: ((AnyObject, [AnyObject]) -> Void)? = nil
    /// A `let` to-one relationship's only write: the model it refers to in place of
    /// the placeholder the model was read with (see `ConstantRelationship`).
    var replacePlaceholder: ((AnyObject, AnyObject?) -> Void)? = nil
}

