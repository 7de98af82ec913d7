import GRDB

/// GRDB's "optimized" record from its performance suite: positional decoding with an
/// explicit selection.
extension Item: FetchableRecord, TableRecord {
    public static let databaseTableName = "item"

    public static var databaseSelection: [any SQLSelectable] {
        [Column("i0"), Column("i1"), Column("i2"), Column("i3"), Column("i4"),
         Column("i5"), Column("i6"), Column("i7"), Column("i8"), Column("i9")]
    }

    public init(row: Row) {
        self.init(i0: row[0], i1: row[1], i2: row[2], i3: row[3], i4: row[4],
                  i5: row[5], i6: row[6], i7: row[7], i8: row[8], i9: row[9])
    }
}

extension W2FetchItems {
    /// `Item.fetchAll(db)` in a read, as GRDB's FetchRecordOptimizedTests does.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        return try run.measure {
            try dbQueue.read { db in try Item.fetchAll(db) }
        }
    }
}
