@testable import OpenSwiftData

extension StoredEntity {
    /// An entity with every kind of stored property: a plain and a JSON attribute, and a
    /// relationship of each storage, with two unique constraints.
    static let sampleCard = StoredEntity(
        name: "Card",
        attributes: [
            StoredAttribute(name: "name", columnType: "TEXT", valueType: "String", encoding: "primitive", isOptional: false),
            StoredAttribute(name: "tags", columnType: "TEXT", valueType: "Array<String>", encoding: "json", isOptional: true),
        ],
        relationships: [
            StoredRelationship(name: "set", destination: "CardSet", isToOne: true, isOptional: true, inverse: "cards",
                               storage: .foreignKey(ordered: true)),
            StoredRelationship(name: "sales", destination: "Sale", isToOne: false, isOptional: false, inverse: nil,
                               storage: .inverseForeignKey),
            StoredRelationship(name: "tags", destination: "Tag", isToOne: false, isOptional: false, inverse: "cards",
                               storage: .joinTable(name: "Z_Card_tags", isOwner: false)),
        ],
        uniquenessConstraints: [["name"], ["name", "set"]],
        indices: [])
}
