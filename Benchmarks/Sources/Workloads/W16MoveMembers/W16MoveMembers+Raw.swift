import Foundation

extension W16MoveMembers {
    /// One `UPDATE` of the children's foreign key, in one transaction, on W15's tables.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try W15NullifyDelete.seeded(run, parents: [(fixture.fromID, "From"), (fixture.toID, "To")],
                                             children: fixture.children, label: label)
        try run.measure {
            try db.transaction {
                let move = try db.prepare("UPDATE Member SET parent = ? WHERE parent = ?")
                move.bind(1, fixture.toID)
                move.bind(2, fixture.fromID)
                try move.run()
            }
        }
        return try W15NullifyDelete.readBack(db)
    }
}
