import Foundation
import GRDB

extension StartupRow: FetchableRecord {
    public init(row: Row) {
        self.init(name: row[0], value: row[1], createdAt: Date(timeIntervalSinceReferenceDate: row[2]))
    }
}

extension W12Startup {
    /// A `DatabaseQueue` on the store and `fetchAll` of the rows.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        return try run.measure {
            let dbQueue = try StoreSettings.openGRDB(run.storeURL)
            return try dbQueue.read { db in try StartupRow.fetchAll(db, sql: select) }
        }
    }
}
