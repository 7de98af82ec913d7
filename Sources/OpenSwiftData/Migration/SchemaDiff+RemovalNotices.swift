extension SchemaDiff {
    /// What a migration logs about what the new schema no longer has, one line for each
    /// column kept or dropped and each entity dropped, in the same words on every store.
    package var removalNotices: [String] {
        var notices: [String] = []
        for entity in keptEntities {
            for column in entity.leftBehind {
                notices.append("migration keeps \(entity.name).\(column), which the new schema does not have, unread, with its values")
            }
            for column in entity.dropped {
                notices.append("migration drops \(entity.name).\(column), which the new schema does not have")
            }
        }
        for name in droppedEntities {
            notices.append("migration drops the entity \(name) and its rows, which the new schema does not have")
        }
        return notices
    }
}
