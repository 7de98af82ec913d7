import Foundation

extension W12Startup {
    /// A connection with the shared settings and one prepared SELECT.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        return try run.measure {
            let db = try RawDatabase(run.storeURL)
            let statement = try db.prepare(select)
            var rows: [StartupRow] = []
            while try statement.step() {
                rows.append(StartupRow(name: statement.text(0), value: statement.int(1),
                                       createdAt: Date(timeIntervalSinceReferenceDate: statement.double(2))))
            }
            return rows
        }
    }
}
