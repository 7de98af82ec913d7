/// The join table of a to-many relationship whose inverse is not to-one, named and
/// laid out the same in every store.
///
/// A many-to-many pair shares one table, owned by the side whose
/// `Entity.relationship` sorts first; `Z_SOURCE` is that side's row, `Z_TARGET` the
/// other's, and `Z_SOURCE_ORDER`/`Z_TARGET_ORDER` keep each side's order.
package struct JoinTableLayout: Sendable, Hashable {
    package let name: String
    /// The relationship this layout was made for.
    package let relationshipName: String
    /// True when the relationship reads the table from `Z_SOURCE` to `Z_TARGET`.
    package let isOwner: Bool

    package init(_ relationship: Schema.Relationship, of entity: Schema.Entity) {
        // An inherited relationship keeps the join table of the entity that declares it.
        var entity = entity
        while let parent = entity.superentity, parent.relationships.contains(relationship) { entity = parent }
        relationshipName = relationship.name
        // Built by concatenation: saves and relationship loads make one per change.
        let own = "\(entity.name).\(relationship.name)"
        if let inverse = relationship.inverse, !inverse.isToOneRelationship {
            isOwner = own <= "\(relationship.destination).\(inverse.name)"
            name = isOwner ? "Z_\(entity.name)_\(relationship.name)" : "Z_\(relationship.destination)_\(inverse.name)"
        } else {
            isOwner = true
            name = "Z_\(entity.name)_\(relationship.name)"
        }
    }

    package var ownColumn: String { isOwner ? "Z_SOURCE" : "Z_TARGET" }
    package var otherColumn: String { isOwner ? "Z_TARGET" : "Z_SOURCE" }
    package var orderColumn: String { isOwner ? "Z_SOURCE_ORDER" : "Z_TARGET_ORDER" }
    /// The index beside the primary key (`Z_SOURCE`, `Z_TARGET`), for reads from the other side.
    package var targetIndexName: String { "\(name)_target" }
}
