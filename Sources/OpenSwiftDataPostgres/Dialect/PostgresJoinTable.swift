#if PostgreSQL
import OpenSwiftData

/// The join table of a to-many relationship whose inverse is not to-one, named and
/// laid out as the SQLite store does it.
///
/// A many-to-many pair shares one table, owned by the side whose
/// `Entity.relationship` sorts first; `Z_SOURCE` is that side's row, and
/// `Z_SOURCE_ORDER`/`Z_TARGET_ORDER` keep each side's order.
public struct PostgresJoinTable: Sendable, Hashable {
    public let name: String
    /// The relationship of the entity this side belongs to.
    public let relationshipName: String
    /// True when the relationship reads the table from `Z_SOURCE` to `Z_TARGET`.
    public let isOwner: Bool

    init(_ relationship: Schema.Relationship, of entity: Schema.Entity, inverse: Schema.Relationship?) {
        relationshipName = relationship.name
        let own = "\(entity.name).\(relationship.name)"
        if let inverse, !inverse.isToOneRelationship {
            isOwner = own <= "\(relationship.destination).\(inverse.name)"
            name = isOwner ? "Z_\(entity.name)_\(relationship.name)" : "Z_\(relationship.destination)_\(inverse.name)"
        } else {
            isOwner = true
            name = "Z_\(entity.name)_\(relationship.name)"
        }
    }

    public var ownColumn: String { isOwner ? "Z_SOURCE" : "Z_TARGET" }
    public var otherColumn: String { isOwner ? "Z_TARGET" : "Z_SOURCE" }
    public var orderColumn: String { isOwner ? "Z_SOURCE_ORDER" : "Z_TARGET_ORDER" }

    /// Creates the table and its index on `Z_TARGET` when missing.
    public var createSQL: [String] {
        let table = PostgresDialect.quote(name)
        let key = PostgresDialect.keyColumnType
        let index = PostgresDialect.shortened("\(name)_target")
        return [
            "CREATE TABLE IF NOT EXISTS \(table) (\"Z_SOURCE\" \(key) NOT NULL, \"Z_TARGET\" \(key) NOT NULL, "
                + "\"Z_SOURCE_ORDER\" \(key), \"Z_TARGET_ORDER\" \(key), PRIMARY KEY (\"Z_SOURCE\", \"Z_TARGET\"))",
            "CREATE INDEX IF NOT EXISTS \(PostgresDialect.quote(index)) ON \(table) (\"Z_TARGET\")",
        ]
    }
}
#endif
