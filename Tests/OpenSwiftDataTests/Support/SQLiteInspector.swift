import Foundation
import GRDB

/// Reads a store file directly, to check what OpenSwiftData wrote.
struct SQLiteInspector {
    let queue: DatabaseQueue

    init(url: URL) throws {
        var configuration = Configuration()
        configuration.readonly = true
        queue = try DatabaseQueue(path: url.path, configuration: configuration)
    }

    struct Index { let name: String; let isUnique: Bool; let columns: [String] }

    func indexes(of table: String) throws -> [Index] {
        try queue.read { db in
            try db.indexes(on: table).map { Index(name: $0.name, isUnique: $0.isUnique, columns: $0.columns) }
        }
    }

    func count(_ table: String) throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \"\(table)\"") ?? 0 }
    }

    func journalMode() throws -> String {
        try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    func columns(of table: String) throws -> [String] {
        try queue.read { db in try db.columns(in: table).map(\.name) }
    }
}
