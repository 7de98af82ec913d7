import Foundation

extension Schema {
    /// A persisted value property of a model: its name, type, default and options.
    public class Attribute: SchemaProperty, @unchecked Sendable, CustomStringConvertible {
        /// The property's name.
        public internal(set) var name: String
        /// The name the attribute had in an earlier schema version (`originalName:`), or its name.
        public var originalName: String { storedOriginalName ?? name }
        /// The `@Attribute` options.
        public let options: [Option]
        /// The property's Swift type.
        public internal(set) var valueType: any Any.Type
        /// The property's initial value, used for rows a migration adds the attribute to.
        public internal(set) var defaultValue: Any?
        /// The `hashModifier:` given to `@Attribute`, which forces a migration step when changed.
        public let hashModifier: String?
        /// True when the property's type is optional.
        public internal(set) var isOptional: Bool = false
        /// True: an attribute.
        public var isAttribute: Bool { true }
        /// False: an attribute is not a relationship.
        public var isRelationship: Bool { false }
        /// False: transient properties are not in the schema.
        public var isTransient: Bool { false }
        /// True when marked `.unique`.
        public var isUnique: Bool { options.contains(.unique) }
        /// True when marked `.transformable(by:)`.
        public var isTransformable: Bool { options.contains { if case .transformable = $0.kind { true } else { false } } }
        /// True when marked `.codable`.
        public var isCodable: Bool { options.contains(.codable) }

        let storedOriginalName: String?
        /// The name of the value transformer of a `.transformable(by:)` attribute.
        var transformerName: String? {
            for option in options { if case .transformable(let name) = option.kind { return name } }
            return nil
        }
        /// Set when the attribute joins its entity.
        var codec: ValueCodec!

        /// What a read of this attribute that failed gives: the declared default, or
        /// the zero of the type (see `ValueCodec.standInValue`).
        var standInValue: Any? { defaultValue ?? codec?.standInValue }
        /// Reads the attribute of a model as `Any`, and writes it through the model's setter.
        var access: AttributeAccess!

        /// The form `@Attribute(...)` expands to; the name and type are filled in by
        /// the property's metadata.
        public init(_ options: Option..., originalName: String? = nil, hashModifier: String? = nil) {
            self.name = ""
            self.options = options
            self.storedOriginalName = originalName
            self.hashModifier = hashModifier
            self.valueType = Any.self
        }

        /// An attribute described in full, as hand-written `schemaMetadata` does.
        public init(name: String, originalName: String? = nil, options: [Option] = [], valueType: any Any.Type,
                    defaultValue: Any? = nil, hashModifier: String? = nil) {
            self.name = name
            self.options = options
            self.storedOriginalName = originalName
            self.hashModifier = hashModifier
            self.valueType = valueType
            self.defaultValue = defaultValue
            self.codec = ValueCodec.make(for: valueType)
            self.isOptional = codec?.isOptional ?? false
        }

        /// The type name a decoded attribute was encoded with, when its type is not one
        /// a decoder can give back (see `EncodedType`).
        var encodedValueTypeName: String?

        /// Decodes an attribute encoded by `encode(to:)`. Its value type is the encoded
        /// one for the types a store holds as themselves, and `Any` for others; it has no
        /// default value.
        public required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            storedOriginalName = try container.decodeIfPresent(String.self, forKey: .originalName)
            options = try container.decode([Option].self, forKey: .options)
            hashModifier = try container.decodeIfPresent(String.self, forKey: .hashModifier)
            let typeName = try container.decode(String.self, forKey: .valueType)
            valueType = EncodedType.type(named: typeName) ?? Any.self
            encodedValueTypeName = typeName
            isOptional = try container.decode(Bool.self, forKey: .isOptional)
        }

        /// The attribute's name and type.
        public var description: String { "\(name): \(valueType)" }

        /// Why a property's value cannot be stored, and what to do.
        static func unstorableMessage(_ model: Any.Type, _ name: String, _ type: Any.Type, transformer: String?) -> String {
            if let transformer {
                return "\(model).\(name): no value transformer is registered under the name \"\(transformer)\"; register one with "
                    + "ValueTransformer.setValueTransformer(_:forName:) before the model is first used, or write .transformable(by: \(transformer).self)"
            }
            return "\(model).\(name): \(type) cannot be stored; make it Codable or a model, or mark it @Attribute(.transformable(by:))"
        }

        /// Two attributes are equal when they are the same attribute.
        public static func == (lhs: Attribute, rhs: Attribute) -> Bool { lhs === rhs }
        /// Hashes the attribute's identity, consistently with `==`.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// Options of `@Attribute`.
        ///
        /// `.unique` makes inserts of an existing key update that row and creates a
        /// unique index. `.preserveValueOnDeletion` is recorded in the schema (for
        /// history consumers). `.codable` stores the value through its `Codable`
        /// representation, as every `Codable` value that is not a model is stored here
        /// (JSON text). `.externalStorage`, `.ephemeral`, `.spotlight`,
        /// `.allowsCloudEncryption` and `.transformable(by:)` are accepted so that
        /// SwiftData model files compile; they do not change how the value is stored.
        public struct Option: Hashable, Sendable, CustomStringConvertible {
            enum Kind: Hashable, Sendable {
                case unique, externalStorage, preserveValueOnDeletion, ephemeral, spotlight, allowsCloudEncryption, codable
                case transformable(String)
            }
            let kind: Kind

            /// No two models share the value: an insert of an existing value updates that model (an upsert).
            public static let unique = Option(kind: .unique)
            /// Accepted; the value is stored in the row (SwiftData may store it in a file beside the store).
            public static let externalStorage = Option(kind: .externalStorage)
            /// The value is kept in the history's tombstone when the model is deleted.
            public static let preserveValueOnDeletion = Option(kind: .preserveValueOnDeletion)
            /// Accepted; the value is persisted here (SwiftData tracks but does not save it).
            public static let ephemeral = Option(kind: .ephemeral)
            /// Accepted; there is no Spotlight index on Linux.
            public static let spotlight = Option(kind: .spotlight)
            /// Accepted; nothing is synced to CloudKit here.
            public static let allowsCloudEncryption = Option(kind: .allowsCloudEncryption)
            /// Stores the value through its `Codable` representation (JSON text in the row),
            /// as SwiftData of iOS 27 does for a type it cannot introspect.
            public static var codable: Option { Option(kind: .codable) }
            /// Stores the value as the `Data` an instance of the transformer makes of it,
            /// and reads it back through the transformer's reverse transformation. The
            /// instance is registered under the type's name, unless one is registered there.
            public static func transformable(by transformerType: ValueTransformer.Type) -> Option {
                let name = unqualifiedName(of: transformerType)
                #if canImport(ObjectiveC)
                if ValueTransformer(forName: NSValueTransformerName(name)) == nil {
                    ValueTransformer.setValueTransformer((transformerType as NSObject.Type).init() as? ValueTransformer,
                                                         forName: NSValueTransformerName(name))
                }
                #else
                ValueTransformer.registerIfAbsent(transformerType, forName: NSValueTransformerName(name))
                #endif
                return Option(kind: .transformable(name))
            }

            /// Stores the value as the `Data` the transformer registered under the name
            /// makes of it (register it before the model is first used). While no
            /// transformer is registered under the name, a `Codable` value is stored as
            /// any other.
            public static func transformable(by transformerName: String) -> Option {
                Option(kind: .transformable(transformerName))
            }

            /// The option's name.
            public var description: String { "\(kind)" }
        }
    }
}

/// Type-erased reading and writing of one attribute, captured with its types when
/// the property's metadata is made.
struct AttributeAccess: @unchecked Sendable {
    let get: (AnyObject) -> Any
    let set: (AnyObject, Any) -> Void
}
