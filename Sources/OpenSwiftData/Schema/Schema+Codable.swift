import Foundation

// A schema encodes as the metadata of its entities: names, attributes with their
// types and options, relationships with their destinations, delete rules, inverses and
// counts, uniqueness constraints and indexes. Decoding gives a schema with the same
// metadata whose entities have no Swift model type: it can be inspected and compared
// (for instance with the schema of the running program, to see what changed), not
// used to open a container. Default values are not encoded: they are Swift values of
// any type.

extension Schema: Codable {
    /// The version of the encoded form this release writes.
    public static let schemaEncodingVersion = Schema.Version(1, 0, 0)

    private enum CodingKeys: String, CodingKey {
        case encodingVersion, version, entities
    }

    /// Encodes the version, the encoding version and every entity's metadata.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(encodingVersion, forKey: .encodingVersion)
        try container.encode(version, forKey: .version)
        try container.encode(entities, forKey: .entities)
    }

    /// Decodes a schema encoded by ``encode(to:)``. Its entities describe models
    /// without a Swift type, so a container cannot be opened with it.
    public convenience init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let encodingVersion = try container.decode(Version.self, forKey: .encodingVersion)
        guard encodingVersion.major <= Self.schemaEncodingVersion.major else {
            throw DecodingError.dataCorruptedError(
                forKey: .encodingVersion, in: container,
                debugDescription: "the schema was encoded in form \(encodingVersion), newer than this release reads (\(Self.schemaEncodingVersion)); update OpenSwiftData")
        }
        let entities = try container.decode([Entity].self, forKey: .entities)
        self.init(entities: entities, version: try container.decode(Version.self, forKey: .version), encodingVersion: encodingVersion)
    }

    /// Writes the schema to a file as JSON, replacing any file there.
    public func save(to toURL: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(self).write(to: toURL, options: .atomic)
        } catch {
            throw OpenSwiftDataError.schemaFileUnusable(path: toURL.path, reason: Self.reason(error))
        }
    }

    /// Reads a schema that ``save(to:)`` wrote.
    public static func load(from fromURL: URL) throws -> Schema {
        do {
            return try JSONDecoder().decode(Schema.self, from: Data(contentsOf: fromURL))
        } catch {
            throw OpenSwiftDataError.schemaFileUnusable(path: fromURL.path, reason: reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "it has no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is not what a schema holds there"
        case let error as CocoaError where error.code == .fileReadNoSuchFile: "there is no such file"
        default: error.localizedDescription
        }
    }
}

extension Schema.Entity: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, properties, uniquenessConstraints, indices
    }

    /// One property, tagged with its kind, so that declaration order survives.
    private enum EncodedProperty: Codable {
        case attribute(Schema.Attribute)
        case relationship(Schema.Relationship)
    }

    /// Encodes the entity's name, its properties in declaration order, its
    /// uniqueness constraints and its indexes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        let properties: [EncodedProperty] = properties.compactMap {
            if let attribute = $0 as? Schema.Attribute { return .attribute(attribute) }
            if let relationship = $0 as? Schema.Relationship { return .relationship(relationship) }
            return nil
        }
        try container.encode(properties, forKey: .properties)
        try container.encode(uniquenessConstraints, forKey: .uniquenessConstraints)
        try container.encode(indices, forKey: .indices)
    }

    /// Decodes an entity encoded by ``encode(to:)``: it describes a model without a
    /// Swift type.
    public convenience init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let properties: [any SchemaProperty] = try container.decode([EncodedProperty].self, forKey: .properties).map {
            switch $0 {
            case .attribute(let attribute): attribute
            case .relationship(let relationship): relationship
            }
        }
        for case let relationship as Schema.Relationship in properties { relationship.sourceEntityName = name }
        self.init(name: name, properties: properties,
                  uniquenessConstraints: try container.decode([[String]].self, forKey: .uniquenessConstraints),
                  indices: try container.decode([[String]].self, forKey: .indices))
    }
}

extension Schema.Attribute: Codable {
    enum CodingKeys: String, CodingKey {
        case name, originalName, options, valueType, isOptional, hashModifier
    }

    /// Encodes the attribute's name, original name, options, type name, optionality
    /// and hash modifier; the default value is not encoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(storedOriginalName, forKey: .originalName)
        try container.encode(options, forKey: .options)
        try container.encode(encodedValueTypeName ?? EncodedType.name(of: valueType), forKey: .valueType)
        try container.encode(isOptional, forKey: .isOptional)
        try container.encodeIfPresent(hashModifier, forKey: .hashModifier)
    }
}

extension Schema.Attribute.Option: Codable {
    /// Encodes the option as its name; a transformable option as
    /// `transformable:` followed by the transformer's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encodedName)
    }

    /// Decodes an option encoded by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let option = Self(encodedName: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(name)\" is not an option of @Attribute")
        }
        self = option
    }

    var encodedName: String {
        switch kind {
        case .unique: "unique"
        case .externalStorage: "externalStorage"
        case .preserveValueOnDeletion: "preserveValueOnDeletion"
        case .ephemeral: "ephemeral"
        case .spotlight: "spotlight"
        case .allowsCloudEncryption: "allowsCloudEncryption"
        case .codable: "codable"
        case .transformable(let name): "transformable:" + name
        }
    }

    init?(encodedName: String) {
        let plain: [String: Self] = ["unique": .unique, "externalStorage": .externalStorage,
                                     "preserveValueOnDeletion": .preserveValueOnDeletion, "ephemeral": .ephemeral,
                                     "spotlight": .spotlight, "allowsCloudEncryption": .allowsCloudEncryption, "codable": .codable]
        if let option = plain[encodedName] {
            self = option
        } else if encodedName.hasPrefix("transformable:") {
            self = .transformable(by: String(encodedName.dropFirst("transformable:".count)))
        } else {
            return nil
        }
    }
}

extension Schema.Relationship: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, originalName, options, deleteRule, minimumModelCount, maximumModelCount, hashModifier
        case destination, inverseName, isToOneRelationship, isOptional, valueType
    }

    /// Encodes the relationship's name, original name, options, delete rule, counts,
    /// hash modifier, destination entity, inverse's name, cardinality, optionality and
    /// type name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(storedOriginalName, forKey: .originalName)
        try container.encode(options, forKey: .options)
        try container.encode(deleteRule, forKey: .deleteRule)
        try container.encodeIfPresent(minimumModelCount, forKey: .minimumModelCount)
        try container.encodeIfPresent(maximumModelCount, forKey: .maximumModelCount)
        try container.encodeIfPresent(hashModifier, forKey: .hashModifier)
        try container.encode(destination, forKey: .destination)
        try container.encodeIfPresent(inverseName, forKey: .inverseName)
        try container.encode(isToOneRelationship, forKey: .isToOneRelationship)
        try container.encode(isOptional, forKey: .isOptional)
        try container.encode(encodedValueTypeName ?? EncodedType.name(of: valueType), forKey: .valueType)
    }

    /// Decodes a relationship encoded by ``encode(to:)``. Its key paths are nil and
    /// its value type is `Any`: a decoded schema has no Swift model types.
    public convenience init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(options: try container.decode([Option].self, forKey: .options),
                  deleteRule: try container.decode(DeleteRule.self, forKey: .deleteRule),
                  minimumModelCount: try container.decodeIfPresent(Int.self, forKey: .minimumModelCount),
                  maximumModelCount: try container.decodeIfPresent(Int.self, forKey: .maximumModelCount),
                  originalName: try container.decodeIfPresent(String.self, forKey: .originalName),
                  inverse: nil,
                  hashModifier: try container.decodeIfPresent(String.self, forKey: .hashModifier))
        name = try container.decode(String.self, forKey: .name)
        destination = try container.decode(String.self, forKey: .destination)
        inverseName = try container.decodeIfPresent(String.self, forKey: .inverseName)
        isToOneRelationship = try container.decode(Bool.self, forKey: .isToOneRelationship)
        isOptional = try container.decode(Bool.self, forKey: .isOptional)
        encodedValueTypeName = try container.decode(String.self, forKey: .valueType)
        inverseResolved = true
    }
}

extension Schema.Relationship.Option: Codable {
    /// Encodes the option as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// Decodes an option encoded by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard name == Self.unique.name else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(name)\" is not an option of @Relationship")
        }
        self = .unique
    }
}

/// The names value types encode under, and the types a decoder can give back: the
/// types a store holds as themselves, optional or not, and arrays of them. Other types
/// (enums, `Codable` structs, models) decode as `Any`, and keep their name.
enum EncodedType {
    static func name(of type: Any.Type) -> String {
        String(reflecting: type)
    }

    static func type(named name: String) -> Any.Type? {
        known[name]
    }

    private static let known: [String: Any.Type] = {
        var types: [Any.Type] = []
        func add<T>(_: T.Type) { types += [T.self, T?.self, [T].self, [T]?.self] }
        add(String.self); add(Bool.self); add(Int.self); add(Int8.self); add(Int16.self); add(Int32.self); add(Int64.self)
        add(UInt.self); add(UInt8.self); add(UInt16.self); add(UInt32.self); add(UInt64.self)
        add(Double.self); add(Float.self); add(Decimal.self); add(Date.self); add(Data.self); add(UUID.self); add(URL.self)
        return Dictionary(types.map { (name(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
    }()
}
