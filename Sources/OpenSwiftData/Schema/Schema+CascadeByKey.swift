extension Schema {
    /// True when a cascade along `relationship` can run as one delete of the children's
    /// rows by their key column, without loading them: the key is on the children's
    /// side, and nothing else needs to see them go (their entity has no relationship
    /// but that key, and no other relationship in the schema points to it).
    /// Asked for each deleted model's relationships: answered once per relationship.
    package func cascadesByKey(_ relationship: Schema.Relationship) -> Bool {
        let key = ObjectIdentifier(relationship)
        if let known = cascadeByKeyAnswers.withLock({ $0[key] }) { return known }
        let answer = decideCascadeByKey(relationship)
        cascadeByKeyAnswers.withLock { $0[key] = answer }
        return answer
    }

    private func decideCascadeByKey(_ relationship: Schema.Relationship) -> Bool {
        guard !relationship.isToOneRelationship, relationship.deleteRule == .cascade,
              let inverse = relationship.inverse, inverse.storesForeignKey,
              let child = entitiesByName[relationship.destination], child.relationships.count == 1 else { return false }
        return !entities.contains { entity in
            entity.relationships.contains { $0.destination == relationship.destination && $0 !== relationship }
        }
    }
}
