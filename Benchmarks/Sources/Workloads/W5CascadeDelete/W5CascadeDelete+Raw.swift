extension W5CascadeDelete {
    /// One prepared `DELETE FROM Parent WHERE id = ?` per doomed parent, in one
    /// transaction; SQLite's foreign-key cascade deletes the children.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try FamilySQL.seed(run.storeURL, parents: fixture.parents, children: fixture.children)
        let db = try RawDatabase(run.storeURL)
        try run.measure {
            try db.transaction {
                let delete = try db.prepare("DELETE FROM Parent WHERE id = ?")
                for id in fixture.doomedIDs {
                    delete.bind(1, id)
                    try delete.run()
                }
            }
        }
        return try FamilySQL.survivors(db)
    }
}
