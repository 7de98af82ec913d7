import GRDB

extension Parent: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "Parent"
    public static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }

    public init(row: Row) {
        self.init(id: row[0], name: row[1])
    }

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
    }
}

extension W5CascadeDelete {
    /// `parent.delete(db)` per loaded parent in one `write`; the schema's cascade
    /// deletes the children, as GRDB's documentation recommends.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try FamilySQL.seed(run.storeURL, parents: fixture.parents, children: fixture.children)
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        let doomed = try dbQueue.read { db in try Parent.fetchAll(db, keys: fixture.doomedIDs) }
        try check(doomed.count == fixture.doomedIDs.count, "\(label): GRDB loaded \(doomed.count) doomed parents")
        try run.measure {
            try dbQueue.write { db in
                for parent in doomed { try parent.delete(db) }
            }
        }
        return try FamilySQL.survivors(RawDatabase(run.storeURL))
    }
}
