extension W5CascadeDelete {
    /// One prepared `DELETE FROM Parent WHERE id = ?` per doomed parent, in one
    /// transaction; SQLite's foreign-key cascade deletes the children.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try FamilySQL.seed(run.storeURL, parents: fixture.parents, children: fixture.children)
        let db = try RawDatabase(run.storeURL)
        // Load the doomed parents first, unmeasured, like the other engines (which need
        // their models): the same query warms the same pages of SQLite's cache.
        let load = try db.prepare("SELECT id FROM Parent WHERE id IN (\(Array(repeating: "?", count: fixture.doomedIDs.count).joined(separator: ",")))")
        for (index, id) in fixture.doomedIDs.enumerated() { load.bind(Int32(index + 1), id) }
        var doomed: [UUID] = []
        while try load.step() { doomed.append(load.uuid(0)) }
        load.reset()
        try check(doomed.count == fixture.doomedIDs.count, "\(label): raw loaded \(doomed.count) doomed parents")
        try run.measure {
            try db.transaction {
                let delete = try db.prepare("DELETE FROM Parent WHERE id = ?")
                for id in doomed {
                    delete.bind(1, id)
                    try delete.run()
                }
            }
        }
        return try FamilySQL.survivors(db)
    }
}

import Foundation
