import Foundation
import GRDB

extension SQLiteStore: ModelStore {
    var name: String { configuration.name }

    func followCommitsOfOtherProcesses(for id: UUID) -> Task<Void, Never>? {
        guard !configuration.isStoredInMemoryOnly,
              let (connection, version) = StoreChanges.pollingConnection(path: database.path, configuration: database.configuration) else {
            return nil
        }
        let changes = self.changes
        return Task.detached { await changes.pollForOtherProcesses(id, connection: connection, since: version) }
    }

    func erase() throws {
        try write { db in
            for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != ?", arguments: [StoreMetadata.table]) {
                try db.execute(sql: "DELETE FROM \(name.quotedIdentifier)")
            }
        }
    }
}
