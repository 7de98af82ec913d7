import Foundation

extension Schema {
    /// An attribute whose value is composed of other attributes, such as the fields of a
    /// `Codable` struct, as SwiftData declares it. The value is stored as the attribute's
    /// other values of its type are (a `Codable` struct as JSON text in its column);
    /// `properties` describe its parts for code that reads the schema.
    public final class CompositeAttribute: Attribute, @unchecked Sendable {
        /// The attributes the value is composed of.
        public final var properties: [Schema.Attribute] = []

        /// A composite attribute described in full; its `properties` are set afterwards.
        public override init(name: String, originalName: String? = nil, options: [Schema.Attribute.Option] = [],
                             valueType: any Any.Type, defaultValue: Any? = nil, hashModifier: String? = nil) {
            super.init(name: name, originalName: originalName, options: options, valueType: valueType,
                       defaultValue: defaultValue, hashModifier: hashModifier)
        }

        /// Decodes a composite attribute encoded as an attribute; its parts are not encoded.
        public required init(from decoder: any Decoder) throws {
            try super.init(from: decoder)
        }

        /// The attribute's name and type, and its parts.
        public override var description: String {
            "\(name): \(valueType) { \(properties.map(\.description).joined(separator: ", ")) }"
        }
    }
}
