import PostgresNIO

extension W2FetchItems {
    /// One SELECT, each row decoded into an `Item`.
    @Sendable static func postgresNIO(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawPostgres(run)
        try run.once {
            try db.execute(["CREATE TABLE item (i0 bigint, i1 bigint, i2 bigint, i3 bigint, i4 bigint, i5 bigint, i6 bigint, i7 bigint, i8 bigint, i9 bigint)"])
            let values = Array(0..<fixture.rowCount)
            try db.run { connection in
                _ = try await connection.query("""
                    INSERT INTO item SELECT v, v, v, v, v, v, v, v, v, v FROM unnest(\(values)::bigint[]) AS v
                    """, logger: RawPostgres.logger)
            }
        }
        return try run.measure {
            try db.run { connection in
                let rows = try await connection.query("SELECT i0, i1, i2, i3, i4, i5, i6, i7, i8, i9 FROM item", logger: RawPostgres.logger)
                var items: [Item] = []
                for try await (i0, i1, i2, i3, i4, i5, i6, i7, i8, i9) in rows.decode((Int, Int, Int, Int, Int, Int, Int, Int, Int, Int).self) {
                    items.append(Item(i0: i0, i1: i1, i2: i2, i3: i3, i4: i4, i5: i5, i6: i6, i7: i7, i8: i8, i9: i9))
                }
                return items
            }
        }
    }
}
