import GRDB

extension W7Memory {
    /// `Person.fetchAll(db)` with the hand-written record.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        return try run.measure { try dbQueue.read { db in try Person.fetchAll(db) } }
    }
}
