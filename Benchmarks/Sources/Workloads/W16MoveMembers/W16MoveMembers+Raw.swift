import Foundation

extension W16MoveMembers {
    /// One `UPDATE` of the children's foreign key, in one transaction, on W15's tables.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawDatabase(run.storeURL)
        for sql in W15NullifyDelete.schema { try db.execute(sql) }
        try db.transaction {
            let insertParent = try db.prepare("INSERT INTO Holder (id, name) VALUES (?, ?)")
            for (id, name) in [(fixture.fromID, "From"), (fixture.toID, "To")] {
                insertParent.bind(1, id)
                insertParent.bind(2, name)
                try insertParent.run()
            }
            let insertChild = try db.prepare("INSERT INTO Member (id, name, value, parent) VALUES (?, ?, ?, ?)")
            for child in fixture.children {
                insertChild.bind(1, child.id)
                insertChild.bind(2, child.name)
                insertChild.bind(3, child.value)
                insertChild.bind(4, fixture.fromID)
                try insertChild.run()
            }
        }
        // Read the children first, unmeasured, as the other engine loads its models.
        let load = try db.prepare("SELECT id FROM Member WHERE parent = ?")
        load.bind(1, fixture.fromID)
        var loaded = 0
        while try load.step() { loaded += 1 }
        load.reset()
        try checkEqual(loaded, childCount, "\(label): raw loaded children")
        try run.measure {
            try db.transaction {
                let move = try db.prepare("UPDATE Member SET parent = ? WHERE parent = ?")
                move.bind(1, fixture.toID)
                move.bind(2, fixture.fromID)
                try move.run()
            }
        }
        var parentIDs: [UUID] = []
        let parents = try db.prepare("SELECT id FROM Holder")
        while try parents.step() { parentIDs.append(parents.uuid(0)) }
        var childParentIDs: [UUID?] = []
        let children = try db.prepare("SELECT parent FROM Member")
        while try children.step() { childParentIDs.append(children.optionalUUID(0)) }
        return Output(parentIDs: parentIDs, childParentIDs: childParentIDs)
    }
}
