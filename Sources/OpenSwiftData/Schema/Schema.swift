import Foundation
import Synchronization

/// The entities of a set of models, with their attributes, relationships and constraints.
public final class Schema: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The entities, in the order their models were given.
    public let entities: [Schema.Entity]
    /// The entities by name.
    public let entitiesByName: [String: Schema.Entity]
    /// The version of the `VersionedSchema` this schema was made from, if any.
    public let version: Schema.Version
    /// The version of the encoded form this schema was decoded from, or
    /// ``schemaEncodingVersion`` for a schema made in this program.
    public let encodingVersion: Schema.Version

    /// The model types, in the order of `entities`.
    package let modelTypes: [any PersistentModel.Type]
    /// ``cascadesByKey(_:)``'s answers, by relationship.
    let cascadeByKeyAnswers = Mutex<[ObjectIdentifier: Bool]>([:])

    /// Makes a schema of the given models and every model their relationships reach.
    public convenience init(_ types: [any PersistentModel.Type], version: Schema.Version = Version(1, 0, 0)) {
        self.init(reachableFrom: types, version: version)
    }

    /// Makes a schema of the given models and every model their relationships reach.
    public convenience init(_ types: any PersistentModel.Type..., version: Schema.Version = Version(1, 0, 0)) {
        self.init(reachableFrom: types, version: version)
    }

    /// Makes the schema of a version of a versioned schema.
    public convenience init(versionedSchema: any VersionedSchema.Type) {
        self.init(reachableFrom: versionedSchema.models, version: versionedSchema.versionIdentifier)
    }

    private init(reachableFrom roots: [any PersistentModel.Type], version: Version) {
        var types: [any PersistentModel.Type] = []
        var seen: Set<ObjectIdentifier> = []
        var queue = roots
        while !queue.isEmpty {
            let type = queue.removeFirst()
            guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
            types.append(type)
            let entity = EntityCatalog.entity(for: type)
            queue.append(contentsOf: entity.relationships.map(\.destinationType))
            // A subclass's table is its root's: the superclasses come with it.
            if let superentity = entity.superentity { queue.append(superentity.modelType) }
        }
        let entities = types.map { EntityCatalog.entity(for: $0) }
        self.modelTypes = types
        self.entities = entities
        self.entitiesByName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.version = version
        self.encodingVersion = Self.schemaEncodingVersion
    }

    /// A schema of the given entities: those of another schema, or decoded ones.
    /// Entities of model types can open a container; decoded ones describe models only.
    public convenience init(_ entities: Schema.Entity..., version: Schema.Version = Version(1, 0, 0)) {
        self.init(entities: entities, version: version, encodingVersion: Self.schemaEncodingVersion)
    }

    init(entities: [Schema.Entity], version: Version, encodingVersion: Version) {
        self.modelTypes = entities.filter(\.isDeclared).map(\.modelType)
        self.entities = entities
        self.entitiesByName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.version = version
        self.encodingVersion = encodingVersion
    }

    /// Throws when an entity has no model type (the schema was decoded), since a
    /// store cannot be made of it.
    func checkModelTypes() throws {
        if let undeclared = entities.first(where: { !$0.isDeclared }) {
            throw OpenSwiftDataError.schemaWithoutModelType(entity: undeclared.name)
        }
    }

    /// The entity of a model type, or nil when the type is not in the schema.
    public func entity<T: PersistentModel>(for type: T.Type) -> Schema.Entity? {
        entities.first { $0.modelType == type }
    }

    /// The schema's version and entity names.
    public var description: String {
        "Schema \(version): " + entities.map(\.name).joined(separator: ", ")
    }

    /// Two schemas are equal when they have the same entity names, in order, and the same version.
    public static func == (lhs: Schema, rhs: Schema) -> Bool {
        lhs.entities.map(\.name) == rhs.entities.map(\.name) && lhs.version == rhs.version
    }

    /// Hashes the entity names and version, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entities.map(\.name))
        hasher.combine(version)
    }

    /// A semantic version, as `VersionedSchema.versionIdentifier` gives it.
    public struct Version: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The major version: changed for changes older code cannot read.
        public let major: Int
        /// The minor version.
        public let minor: Int
        /// The patch version.
        public let patch: Int

        /// The version `major.minor.patch`.
        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        /// The version as `major.minor.patch`.
        public var description: String { "\(major).\(minor).\(patch)" }

        /// Compares major, then minor, then patch.
        public static func < (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
    }
}

/// One entity per model type, built once per process from the type's `schemaMetadata`.
enum EntityCatalog {
    static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var entities: [ObjectIdentifier: Schema.Entity] = [:]
    /// The entities described so far, as they were when the last description ended,
    /// for reads that take no lock: the engine looks an entity up for each model it
    /// saves, and the lock cost more than the lookup (W1, BENCHMARKS session 33). A
    /// new snapshot replaces it each time a description ends; the old ones are kept
    /// in `snapshots`, since a reader may still hold one (a few, one a description).
    private static let published = Atomic<Unmanaged<Snapshot>?>(nil)
    nonisolated(unsafe) private static var snapshots: [Snapshot] = []
    /// How deep `describe` is in itself (a model's superclass is described from
    /// within it): a snapshot is published only by the outermost, once every entity
    /// it made has its inverses.
    nonisolated(unsafe) private static var depth = 0

    private final class Snapshot: @unchecked Sendable {
        let entities: [ObjectIdentifier: Schema.Entity]
        init(_ entities: [ObjectIdentifier: Schema.Entity]) { self.entities = entities }
    }

    /// The entity of a model type, with the inverses of its relationships resolved
    /// against every model its relationships reach.
    static func entity(for type: any PersistentModel.Type) -> Schema.Entity {
        if let snapshot = published.load(ordering: .acquiring),
           let entity = snapshot.takeUnretainedValue().entities[ObjectIdentifier(type)] {
            return entity
        }
        return describe(type)
    }

    private static func describe(_ type: any PersistentModel.Type) -> Schema.Entity {
        lock.lock()
        defer { lock.unlock() }
        if let entity = entities[ObjectIdentifier(type)] { return entity }
        depth += 1
        defer {
            depth -= 1
            if depth == 0 {
                let snapshot = Snapshot(entities)
                snapshots.append(snapshot)
                published.store(Unmanaged.passUnretained(snapshot), ordering: .releasing)
            }
        }
        var reachable: [Schema.Entity] = []
        var queue: [any PersistentModel.Type] = [type]
        var seen: Set<ObjectIdentifier> = []
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            let entity = entities[ObjectIdentifier(next)] ?? Schema.Entity(modelType: next)
            if entities[ObjectIdentifier(next)] == nil { entity.superentity?.subentityStorage.insert(entity) }
            entities[ObjectIdentifier(next)] = entity
            reachable.append(entity)
            queue.append(contentsOf: entity.relationships.map(\.destinationType))
        }
        resolveInverses(reachable)
        return entities[ObjectIdentifier(type)]!
    }

    /// The entity of the given name that this process has described, if any.
    static func entityIfDescribed(named name: String) -> Schema.Entity? {
        lock.lock()
        defer { lock.unlock() }
        return entities.values.first { $0.name == name }
    }

    /// Pairs each relationship with its inverse: the one named by `inverse:` on either
    /// side, or else the only relationship of the destination that points back.
    private static func resolveInverses(_ entities: [Schema.Entity]) {
        let byType = Dictionary(entities.map { (ObjectIdentifier($0.modelType), $0) }, uniquingKeysWith: { a, _ in a })
        func pair(_ a: Schema.Relationship, _ b: Schema.Relationship) {
            a.inverse = b; b.inverse = a
            a.inverseKeyPath = b.keypath; b.inverseKeyPath = a.keypath
            a.inverseName = b.name; b.inverseName = a.name
            a.inverseResolved = true; b.inverseResolved = true
        }
        // Declared inverses first, so that inference only sees what is left.
        for entity in entities {
            for relationship in entity.relationships where !relationship.inverseResolved {
                guard let declared = relationship.declaredInverse,
                      let destination = byType[ObjectIdentifier(relationship.destinationType)] else { continue }
                guard let inverse = destination.storedPropertiesByKeyPath[declared]?.relationship else {
                    preconditionFailure("\(entity.name).\(relationship.name): its inverse \(declared) is not a relationship of \(destination.name)")
                }
                pair(relationship, inverse)
            }
        }
        for entity in entities {
            for relationship in entity.relationships where !relationship.inverseResolved {
                guard let destination = byType[ObjectIdentifier(relationship.destinationType)] else { continue }
                let candidates = destination.persistedProperties.compactMap(\.relationship).filter {
                    !$0.inverseResolved && $0 !== relationship && ObjectIdentifier($0.destinationType) == ObjectIdentifier(entity.modelType)
                }
                let backCandidates = entity.persistedProperties.compactMap(\.relationship).filter {
                    !$0.inverseResolved && ObjectIdentifier($0.destinationType) == ObjectIdentifier(destination.modelType)
                        && (entity !== destination || $0 !== candidates.first)
                }
                if candidates.count == 1, backCandidates.count == 1, backCandidates[0] === relationship {
                    pair(relationship, candidates[0])
                }
            }
        }
        // Only the new ones: entities described before are read without the lock.
        for entity in entities { for relationship in entity.relationships where !relationship.inverseResolved { relationship.inverseResolved = true } }
    }
}
