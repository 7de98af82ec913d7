import Foundation

extension Schema {
    /// A persisted value property of a model: its name, type, default and options.
    public class Attribute: SchemaProperty, @unchecked Sendable, CustomStringConvertible {
        public internal(set) var name: String
        public var originalName: String { storedOriginalName ?? name }
        public let options: [Option]
        public internal(set) var valueType: any Any.Type
        public internal(set) var defaultValue: Any?
        public let hashModifier: String?
        public internal(set) var isOptional: Bool = false
        public var isAttribute: Bool { true }
        public var isRelationship: Bool { false }
        public var isTransient: Bool { false }
        public var isUnique: Bool { options.contains(.unique) }
        public var isTransformable: Bool { options.contains { if case .transformable = $0.kind { true } else { false } } }

        let storedOriginalName: String?
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

        public var description: String { "\(name): \(valueType)" }

        public static func == (lhs: Attribute, rhs: Attribute) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// Options of `@Attribute`.
        ///
        /// `.unique` makes inserts of an existing key update that row and creates a
        /// unique index. `.preserveValueOnDeletion` is recorded in the schema (for
        /// history consumers). `.externalStorage`, `.ephemeral`, `.spotlight`,
        /// `.allowsCloudEncryption` and `.transformable(by:)` are accepted so that
        /// SwiftData model files compile; they do not change how the value is stored.
        public struct Option: Hashable, Sendable, CustomStringConvertible {
            enum Kind: Hashable, Sendable {
                case unique, externalStorage, preserveValueOnDeletion, ephemeral, spotlight, allowsCloudEncryption
                case transformable(String)
            }
            let kind: Kind

            public static let unique = Option(kind: .unique)
            public static let externalStorage = Option(kind: .externalStorage)
            public static let preserveValueOnDeletion = Option(kind: .preserveValueOnDeletion)
            public static let ephemeral = Option(kind: .ephemeral)
            public static let spotlight = Option(kind: .spotlight)
            public static let allowsCloudEncryption = Option(kind: .allowsCloudEncryption)
            /// Accepted for source compatibility; the value is stored as JSON when `Codable`.
            public static func transformable(by transformerType: AnyClass) -> Option {
                Option(kind: .transformable(String(describing: transformerType)))
            }
            public static func transformable(by transformerName: String) -> Option {
                Option(kind: .transformable(transformerName))
            }

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
