/// W5's schema: the to-one `Child.parent` is a foreign key column, and the cascade
/// rule is SQLite's `ON DELETE CASCADE` (foreign keys are on for every engine), with
/// an index so that each cascade is a lookup rather than a scan.
public enum FamilySQL {
    public static let schema = [
        "CREATE TABLE Parent (id BLOB NOT NULL PRIMARY KEY, name TEXT NOT NULL)",
        """
        CREATE TABLE Child (
            id BLOB NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            value INTEGER NOT NULL,
            parentId BLOB REFERENCES Parent(id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX Child_parentId ON Child(parentId)",
    ]

    /// Creates a store at `url` holding the fixture's parents and children.
    public static func seed(_ url: URL, parents: [Parent], children: [Child]) throws {
        let db = try RawDatabase(url)
        for sql in schema { try db.execute(sql) }
        try db.transaction {
            let insertParent = try db.prepare("INSERT INTO Parent (id, name) VALUES (?, ?)")
            for parent in parents {
                insertParent.bind(1, parent.id)
                insertParent.bind(2, parent.name)
                try insertParent.run()
            }
            let insertChild = try db.prepare("INSERT INTO Child (id, name, value, parentId) VALUES (?, ?, ?, ?)")
            for child in children {
                insertChild.bind(1, child.id)
                insertChild.bind(2, child.name)
                insertChild.bind(3, child.value)
                insertChild.bind(4, child.parentID)
                try insertChild.run()
            }
        }
    }

    /// What is left after the delete: parent ids and each child's parent id.
    public static func survivors(_ db: RawDatabase) throws -> W5CascadeDelete.Output {
        var parentIDs: [UUID] = []
        let parents = try db.prepare("SELECT id FROM Parent")
        while try parents.step() { parentIDs.append(parents.uuid(0)) }
        var childParentIDs: [UUID?] = []
        let children = try db.prepare("SELECT parentId FROM Child")
        while try children.step() { childParentIDs.append(children.optionalUUID(0)) }
        return W5CascadeDelete.Output(parentIDs: parentIDs, childParentIDs: childParentIDs)
    }
}

import Foundation
