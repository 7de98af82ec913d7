import Foundation

extension Schema {
    /// The indexes of a model, as `#Index` declares them: each a list of the model's
    /// properties, binary (a B-tree) or R-tree.
    ///
    /// SQLite's R-tree is a separate virtual table rather than an index on the model's
    /// table, so an `.rtree` index is created as a B-tree index on the same columns:
    /// range queries over those properties still use it.
    ///
    /// It encodes as the property names of each index, so it can be written out with a
    /// schema and read back; decoding fails for a name that is not a persisted property
    /// of `T`.
    public final class Index<T: PersistentModel>: SchemaProperty, Codable, CustomDebugStringConvertible, @unchecked Sendable {
        /// The kind of one index and the properties it covers, in order.
        public enum Types<P: PersistentModel>: Hashable, @unchecked Sendable {
            /// A B-tree index: equality, range and sort on the properties in this order.
            case binary([PartialKeyPath<P>])
            /// An R-tree index (for ranges of numbers); a B-tree index here.
            case rtree([PartialKeyPath<P>])

            /// The key paths the index covers.
            var keyPaths: [PartialKeyPath<P>] {
                switch self {
                case .binary(let keyPaths), .rtree(let keyPaths): keyPaths
                }
            }
        }

        /// The indexes, in the order they were declared.
        public let indices: [Types<T>]

        /// Indexes of the given kinds: `Schema.Index<Trip>(.binary([\.name]), .rtree([\.latitude, \.longitude]))`.
        public init(_ indices: Types<T>...) {
            self.indices = indices
        }

        /// Binary indexes, one per array of key paths.
        public init(_ binaryIndices: [PartialKeyPath<T>]...) {
            self.indices = binaryIndices.map { .binary($0) }
        }

        /// The property names of each index, as `Schema.Entity.indices` lists them.
        public var propertyNames: [[String]] {
            indices.map { $0.keyPaths.map { SchemaKeyPaths.name(of: $0, in: T.self) ?? "\($0)" } }
        }

        /// The names of the properties of every index, comma-separated, one index after another.
        public var name: String { propertyNames.map { $0.joined(separator: ",") }.joined(separator: ";") }
        /// The same as ``name``: an index has no earlier name.
        public var originalName: String { name }
        /// The model type whose properties are indexed.
        public var valueType: any Any.Type { T.self }
        /// False: an index is not an attribute of the model.
        public var isAttribute: Bool { false }
        /// False: an index is not a relationship of the model.
        public var isRelationship: Bool { false }
        /// False: an index is part of the stored schema.
        public var isTransient: Bool { false }
        /// False: an index always exists.
        public var isOptional: Bool { false }
        /// False: an index does not make values unique (``Schema/Unique`` does).
        public var isUnique: Bool { false }

        /// `Index<Trip>(binary: [name], rtree: [latitude, longitude])`.
        public var debugDescription: String {
            "Index<\(T.self)>(" + zip(indices, propertyNames).map { index, names in
                let kind = if case .rtree = index { "rtree" } else { "binary" }
                return "\(kind): [\(names.joined(separator: ", "))]"
            }.joined(separator: ", ") + ")"
        }

        /// The keys an index encodes under.
        public enum CodingKeys: String, CodingKey {
            /// The list of indexes, each with its kind and property names.
            case indices
        }

        private struct EncodedIndex: Codable {
            let kind: String
            let properties: [String]
        }

        /// Encodes each index as its kind (`binary` or `rtree`) and property names.
        public func encode(to encoder: any Encoder) throws {
            var encoded: [EncodedIndex] = []
            for index in indices {
                let names = try index.keyPaths.map { keyPath in
                    guard let name = SchemaKeyPaths.name(of: keyPath, in: T.self) else {
                        throw EncodingError.invalidValue(keyPath, EncodingError.Context(
                            codingPath: encoder.codingPath,
                            debugDescription: "an index of \(T.self) names a key path that is not one of its persisted properties"))
                    }
                    return name
                }
                let kind = if case .rtree = index { "rtree" } else { "binary" }
                encoded.append(EncodedIndex(kind: kind, properties: names))
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(encoded, forKey: .indices)
        }

        /// Decodes indexes encoded by ``encode(to:)``, finding each property of `T` by name.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let encoded = try container.decode([EncodedIndex].self, forKey: .indices)
            indices = try encoded.map { index in
                let keyPaths = try index.properties.map { try SchemaKeyPaths.keyPath(named: $0, in: T.self, at: container.codingPath) }
                switch index.kind {
                case "binary": return .binary(keyPaths)
                case "rtree": return .rtree(keyPaths)
                default:
                    throw DecodingError.dataCorruptedError(
                        forKey: .indices, in: container,
                        debugDescription: "the index kind \"\(index.kind)\" is neither \"binary\" nor \"rtree\"")
                }
            }
        }

        /// Indexes are equal when they cover the same properties with the same kinds, in order.
        public static func == (lhs: Index, rhs: Index) -> Bool { lhs.indices == rhs.indices }
        /// Hashes the indexes, consistently with `==`.
        public func hash(into hasher: inout Hasher) { hasher.combine(indices) }
    }
}

/// Finds a model's persisted properties by key path and by name, through its
/// `schemaMetadata`, for schema types that encode key paths as names.
enum SchemaKeyPaths {
    static func name<T: PersistentModel>(of keyPath: AnyKeyPath, in _: T.Type) -> String? {
        T.schemaMetadata.first { $0.keypath == keyPath }?.name
    }

    static func keyPath<T: PersistentModel>(named name: String, in _: T.Type, at codingPath: [any CodingKey]) throws -> PartialKeyPath<T> {
        guard let keyPath = T.schemaMetadata.first(where: { $0.name == name })?.keypath as? PartialKeyPath<T> else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(T.self) has no persisted property named \"\(name)\"; the schema was written for a different version of the model"))
        }
        return keyPath
    }
}
