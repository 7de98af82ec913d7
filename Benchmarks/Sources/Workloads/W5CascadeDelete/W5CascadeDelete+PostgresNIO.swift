import Foundation

extension W5CascadeDelete {
    /// One `DELETE FROM parent WHERE id = ANY($1)` of the doomed ids; the foreign key's
    /// `ON DELETE CASCADE` deletes the children.
    @Sendable static func postgresNIO(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawPostgres(run)
        try db.execute([
            "CREATE TABLE parent (id uuid PRIMARY KEY, name text NOT NULL)",
            "CREATE TABLE child (id uuid PRIMARY KEY, name text NOT NULL, value bigint NOT NULL, parentid uuid REFERENCES parent (id) ON DELETE CASCADE)",
            "CREATE INDEX child_parentid ON child (parentid)",
        ])
        let parentIDs = fixture.parents.map(\.id), parentNames = fixture.parents.map(\.name)
        let childIDs = fixture.children.map(\.id), childNames = fixture.children.map(\.name)
        let values = fixture.children.map(\.value)
        let childParents = try fixture.children.map { child in
            guard let parent = child.parentID else { throw WorkloadError("\(label): a fixture child without a parent") }
            return parent
        }
        try db.run { connection in
            _ = try await connection.query(
                "INSERT INTO parent (id, name) SELECT * FROM unnest(\(parentIDs)::uuid[], \(parentNames)::text[])", logger: RawPostgres.logger)
            _ = try await connection.query("""
                INSERT INTO child (id, name, value, parentid)
                SELECT * FROM unnest(\(childIDs)::uuid[], \(childNames)::text[], \(values)::bigint[], \(childParents)::uuid[])
                """, logger: RawPostgres.logger)
        }
        // Load the doomed parents first, unmeasured, as the other engines load their models.
        let wanted = fixture.doomedIDs
        let doomed = try db.run { connection in
            var ids: [UUID] = []
            for try await id in try await connection.query("SELECT id FROM parent WHERE id = ANY(\(wanted)::uuid[])", logger: RawPostgres.logger)
                .decode(UUID.self) { ids.append(id) }
            return ids
        }
        try check(doomed.count == fixture.doomedIDs.count, "\(label): PostgresNIO loaded \(doomed.count) doomed parents")
        try run.measure {
            try db.run { connection in
                try await connection.transaction {
                    _ = try await connection.query("DELETE FROM parent WHERE id = ANY(\(doomed)::uuid[])", logger: RawPostgres.logger)
                }
            }
        }
        return try db.run { connection in
            var parents: [UUID] = []
            for try await id in try await connection.query("SELECT id FROM parent", logger: RawPostgres.logger).decode(UUID.self) {
                parents.append(id)
            }
            var childParentIDs: [UUID?] = []
            for try await id in try await connection.query("SELECT parentid FROM child", logger: RawPostgres.logger).decode(UUID?.self) {
                childParentIDs.append(id)
            }
            return Output(parentIDs: parents, childParentIDs: childParentIDs)
        }
    }
}
