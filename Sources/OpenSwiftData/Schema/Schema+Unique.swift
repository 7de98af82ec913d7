import Foundation

extension Schema {
    /// The uniqueness constraints of a model, as `#Unique` declares them: each a list
    /// of properties whose values, taken together, no two models share. Inserting a
    /// model whose values match an existing one updates that one (an upsert).
    ///
    /// It encodes as the property names of each constraint; decoding fails for a name
    /// that is not a persisted property of `T`.
    public final class Unique<T: PersistentModel>: SchemaProperty, Codable, CustomDebugStringConvertible, @unchecked Sendable {
        /// The constraints, in the order they were declared.
        public let constraints: [[PartialKeyPath<T>]]

        /// One constraint per array of key paths: `Schema.Unique<Trip>([\.name, \.startDate])`.
        public init(_ constraints: [PartialKeyPath<T>]...) {
            self.constraints = constraints
        }

        /// The property names of each constraint, as `Schema.Entity.uniquenessConstraints` lists them.
        public var propertyNames: [[String]] {
            constraints.map { $0.map { SchemaKeyPaths.name(of: $0, in: T.self) ?? "\($0)" } }
        }

        /// The names of the properties of every constraint, comma-separated, one constraint after another.
        public var name: String { propertyNames.map { $0.joined(separator: ",") }.joined(separator: ";") }
        /// The same as ``name``: a constraint has no earlier name.
        public var originalName: String { name }
        /// The model type whose properties are constrained.
        public var valueType: any Any.Type { T.self }
        /// False: a constraint is not an attribute of the model.
        public var isAttribute: Bool { false }
        /// False: a constraint is not a relationship of the model.
        public var isRelationship: Bool { false }
        /// False: a constraint is part of the stored schema.
        public var isTransient: Bool { false }
        /// False: a constraint always applies.
        public var isOptional: Bool { false }
        /// True: the constraint makes values unique.
        public var isUnique: Bool { true }

        /// `Unique<Trip>([name, startDate])`.
        public var debugDescription: String {
            "Unique<\(T.self)>(" + propertyNames.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: ", ") + ")"
        }

        /// The keys a constraint encodes under.
        public enum CodingKeys: String, CodingKey {
            /// The list of constraints, each as property names.
            case constraints
        }

        /// Encodes each constraint as its property names.
        public func encode(to encoder: any Encoder) throws {
            let names = try constraints.map { constraint in
                try constraint.map { keyPath in
                    guard let name = SchemaKeyPaths.name(of: keyPath, in: T.self) else {
                        throw EncodingError.invalidValue(keyPath, EncodingError.Context(
                            codingPath: encoder.codingPath,
                            debugDescription: "a uniqueness constraint of \(T.self) names a key path that is not one of its persisted properties"))
                    }
                    return name
                }
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(names, forKey: .constraints)
        }

        /// Decodes constraints encoded by ``encode(to:)``, finding each property of `T` by name.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let names = try container.decode([[String]].self, forKey: .constraints)
            constraints = try names.map { constraint in
                try constraint.map { try SchemaKeyPaths.keyPath(named: $0, in: T.self, at: container.codingPath) }
            }
        }

        /// Constraints are equal when they list the same properties, in order.
        public static func == (lhs: Unique, rhs: Unique) -> Bool { lhs.constraints == rhs.constraints }
        /// Hashes the constraints, consistently with `==`.
        public func hash(into hasher: inout Hasher) { hasher.combine(constraints) }
    }
}
