import Foundation

extension W15NullifyDelete {
    /// The foreign key has no `ON DELETE` action, so SQLite refuses the delete unless the
    /// children were cleared first: the check that the nullify really happened. The index
    /// is the one OpenSwiftData makes on every foreign key.
    static let schema = [
        "CREATE TABLE Holder (id BLOB NOT NULL PRIMARY KEY, name TEXT NOT NULL)",
        """
        CREATE TABLE Member (
            id BLOB NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            value INTEGER NOT NULL,
            parent BLOB REFERENCES Holder(id)
        )
        """,
        "CREATE INDEX Member_parent ON Member(parent)",
    ]

    /// One `UPDATE` that clears the children's foreign key, then the parent's `DELETE`,
    /// in one transaction.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try seeded(run, parents: [(fixture.parentID, fixture.parentName)], children: fixture.children,
                            label: label)
        try run.measure {
            try db.transaction {
                let nullify = try db.prepare("UPDATE Member SET parent = NULL WHERE parent = ?")
                nullify.bind(1, fixture.parentID)
                try nullify.run()
                let delete = try db.prepare("DELETE FROM Holder WHERE id = ?")
                delete.bind(1, fixture.parentID)
                try delete.run()
            }
        }
        return try readBack(db)
    }

    /// A store of W15's tables holding `parents` and `children`, all of the first parent,
    /// whose children were read once, unmeasured, as the other engine loads its models: the
    /// same query warms the same pages of SQLite's cache.
    static func seeded(_ run: Iteration, parents: [(id: UUID, name: String)], children: [Member],
                       label: String) throws -> RawDatabase {
        let db = try RawDatabase(run.storeURL)
        for sql in schema { try db.execute(sql) }
        try db.transaction {
            let insertParent = try db.prepare("INSERT INTO Holder (id, name) VALUES (?, ?)")
            for parent in parents {
                insertParent.bind(1, parent.id)
                insertParent.bind(2, parent.name)
                try insertParent.run()
            }
            let insertChild = try db.prepare("INSERT INTO Member (id, name, value, parent) VALUES (?, ?, ?, ?)")
            for child in children {
                insertChild.bind(1, child.id)
                insertChild.bind(2, child.name)
                insertChild.bind(3, child.value)
                insertChild.bind(4, parents[0].id)
                try insertChild.run()
            }
        }
        let load = try db.prepare("SELECT id FROM Member WHERE parent = ?")
        load.bind(1, parents[0].id)
        var loaded = 0
        while try load.step() { loaded += 1 }
        load.reset()
        try checkEqual(loaded, children.count, "\(label): raw loaded children")
        return db
    }

    /// The parents left in the store, and every child's parent.
    static func readBack(_ db: RawDatabase) throws -> Output {
        var parentIDs: [UUID] = []
        let parents = try db.prepare("SELECT id FROM Holder")
        while try parents.step() { parentIDs.append(parents.uuid(0)) }
        var childParentIDs: [UUID?] = []
        let children = try db.prepare("SELECT parent FROM Member")
        while try children.step() { childParentIDs.append(children.optionalUUID(0)) }
        return Output(parentIDs: parentIDs, childParentIDs: childParentIDs)
    }
}
