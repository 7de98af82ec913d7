import Foundation
import OpenSwiftData

/// How sync treats each property of a schema's entities (see the Sync article).
public struct SyncedSchema: Sendable {
    /// How one property is synced.
    public enum Rule: Hashable, Sendable {
        /// A value, the later write wins.
        case attribute
        /// A to-one relationship: the model it names, the later write wins.
        case toOne(destination: String)
        /// A to-many relationship with no inverse: its members in order, the later write wins.
        case toMany(destination: String)
        /// A to-many relationship whose inverse is the to-one `inverse`: its members are
        /// the models whose `inverse` names the owner; its order, the later write wins.
        case members(destination: String, inverse: String)
        /// A to-one relationship whose inverse `inverse` is a to-one too (each side has
        /// this rule): the model it names, the later write wins, on each side; two models
        /// are related when each side names the other.
        case oneToOne(destination: String, inverse: String)
        /// The side of a many-to-many relationship whose `Entity.property` sorts first:
        /// each member is a value of its own, member or not, the later write wins
        /// (see ``memberPairName(_:member:)``); its order, the later write wins.
        case manyToMany(destination: String, inverse: String)
        /// The other side of a many-to-many relationship: never sent; every device
        /// keeps it from `inverse`, the side that is.
        case keptByInverse(destination: String, inverse: String)
    }

    /// The rule of each property, by entity then property name.
    public let rules: [String: [String: Rule]]
    /// The unique constraints of each entity, each as property names.
    public let uniqueConstraints: [String: [[String]]]
    /// Each entity's attributes by name, for the checks of what a device may be handed.
    private let attributes: [String: [String: Schema.Attribute]]
    /// Each entity's to-one relationships that must name a model, by name, with their
    /// destination: a model whose one is left naming a deleted model is deleted too.
    public let requiredToOnes: [String: [String: String]]

    /// The rules of a schema's entities, leaving out `excluded` (the sync bookkeeping).
    /// Throws when a to-one relationship that must name a model has no inverse, or a
    /// to-one inverse, which sync cannot keep (see the Sync article).
    public init(_ schema: Schema, excluding excluded: Set<String> = []) throws {
        var rules: [String: [String: Rule]] = [:]
        var unique: [String: [[String]]] = [:]
        var attributes: [String: [String: Schema.Attribute]] = [:]
        var requiredToOnes: [String: [String: String]] = [:]
        for entity in schema.entities where !excluded.contains(entity.name) {
            var entityRules: [String: Rule] = [:]
            for property in entity.persistedProperties {
                if let attribute = property.attribute {
                    entityRules[property.name] = .attribute
                    attributes[entity.name, default: [:]][property.name] = attribute
                } else if let relationship = property.relationship {
                    if relationship.isToOneRelationship, !relationship.isOptional {
                        try Self.checkRequired(relationship, of: entity.name)
                        requiredToOnes[entity.name, default: [:]][property.name] = relationship.destination
                    }
                    let inverse = relationship.inverse
                    switch (relationship.isToOneRelationship, inverse?.isToOneRelationship) {
                    case (true, true):
                        entityRules[property.name] = .oneToOne(destination: relationship.destination, inverse: inverse?.name ?? "")
                    case (false, false):
                        guard let inverse else { continue }
                        entityRules[property.name] = Self.isSyncedSide(relationship, of: inverse)
                            ? .manyToMany(destination: relationship.destination, inverse: inverse.name)
                            : .keptByInverse(destination: relationship.destination, inverse: inverse.name)
                    case (true, _):
                        entityRules[property.name] = .toOne(destination: relationship.destination)
                    case (false, true):
                        entityRules[property.name] = .members(destination: relationship.destination, inverse: inverse?.name ?? "")
                    case (false, nil):
                        entityRules[property.name] = .toMany(destination: relationship.destination)
                    }
                }
            }
            rules[entity.name] = entityRules
            unique[entity.name] = entity.uniquenessConstraints
        }
        self.rules = rules
        self.uniqueConstraints = unique
        self.attributes = attributes
        self.requiredToOnes = requiredToOnes
    }

    /// A to-one that must name a model syncs when its inverse is a to-many: the model it
    /// names deleted on another device, the models that must name it are deleted with it,
    /// on every device and on the server, whatever its delete rule. With no inverse a
    /// device could not find them; with a to-one inverse, a later write on the other side
    /// would leave it naming nothing.
    private static func checkRequired(_ relationship: Schema.Relationship, of entity: String) throws {
        let name = "\(entity).\(relationship.name)"
        let fix = "Declare it optional (var \(relationship.name): \(relationship.destination)?)"
        guard let inverse = relationship.inverse else {
            throw SyncError.unsupportedSetup(
                "\(name) must always name a \(relationship.destination) but has no inverse, so sync could not find the \(entity) models "
                    + "to delete with a \(relationship.destination) another device deleted. Give \(relationship.destination) a to-many inverse "
                    + "(@Relationship(inverse: \\\(entity).\(relationship.name)) var ...: [\(entity)]), or: \(fix).")
        }
        if inverse.isToOneRelationship {
            throw SyncError.unsupportedSetup(
                "\(name) must always name a \(relationship.destination), whose \(inverse.name) names one \(entity) only: sync keeps each side "
                    + "of a one-to-one as the later write, which may leave a \(entity) naming none. \(fix).")
        }
    }

    /// Whether the named property of an entity is a to-one that must name a model.
    public func isRequiredToOne(_ name: String, of entity: String) -> Bool {
        requiredToOnes[entity]?[name] != nil
    }

    /// Whether `relationship`, a to-many whose inverse is a to-many, is the side sync
    /// sends: the one whose `Entity.property` sorts first, the same on every device and
    /// server (the engine's join table is named after it too). A relationship that is
    /// its own inverse is sent.
    static func isSyncedSide(_ relationship: Schema.Relationship, of inverse: Schema.Relationship) -> Bool {
        "\(relationship.sourceEntityName).\(relationship.name)" <= "\(inverse.sourceEntityName).\(inverse.name)"
    }

    /// Whether a device can store `value` in the attribute `property` of `entity`: false
    /// for related models, no value where the attribute must have one, and a value not of
    /// its type (text for a number, a name no case of an enum has). A value a device
    /// cannot store stops every sync of the account's devices at the change that holds it,
    /// so a server refuses it when it is uploaded.
    public func accepts(_ value: SyncValue, entity: String, property: String) -> Bool {
        guard let attribute = attributes[entity]?[property], let stored = value.attributeValue else { return false }
        return ModelContext.accepts(stored, for: attribute)
    }

    /// The attributes a new model of `entity` must be given, by name: those that are not
    /// optional and have no default. An insert lacking one would make a model no device
    /// can save.
    public func requiredAttributes(of entity: String) -> [String] {
        (attributes[entity] ?? [:]).values.filter { !$0.isOptional && $0.defaultValue == nil }.map(\.name).sorted()
    }

    /// The first property, by name, that a new model of the change's entity must have and
    /// the change does not give: an attribute that is not optional and has no default, or
    /// a to-one that must name a model (given as none).
    func missingRequiredProperty(of change: SyncChange) -> String? {
        let toOnes = (requiredToOnes[change.entityName] ?? [:]).keys.filter { name in
            guard case .reference? = change.values[name]?.value else { return true }
            return false
        }
        return (requiredAttributes(of: change.entityName).filter { change.values[$0] == nil } + toOnes).min()
    }

    /// The unique keys of a model with these values: one text per constraint, the same
    /// on every device for the same values.
    func uniqueKeys(entity: String, values: [String: SyncValue]) -> [String] {
        (uniqueConstraints[entity] ?? []).compactMap { Self.uniqueKey(constraint: $0, values: values) }
    }

    /// The key of one unique constraint (its property names) for these values.
    static func uniqueKey(constraint: [String], values: [String: SyncValue]) -> String? {
        let parts = constraint.map { values[$0] ?? .null }
        guard let data = try? keyEncoder.encode(parts), let text = String(data: data, encoding: .utf8) else { return nil }
        return constraint.joined(separator: ",") + "=" + text
    }

    private static let keyEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// The order of a to-many relationship kept by its members' to-one: the members
    /// named in `order` first, in that order, then the others by sync ID.
    public static func orderedMembers(_ members: [UUID], order: [UUID]) -> [UUID] {
        let memberSet = Set(members)
        var seen = Set<UUID>()
        var result: [UUID] = []
        for id in order where memberSet.contains(id) && seen.insert(id).inserted { result.append(id) }
        result += members.filter { !seen.contains($0) }.sorted { $0.uuidString < $1.uuidString }
        return result
    }
}
