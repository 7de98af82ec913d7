import Foundation
import Synchronization

/// The row numbers of a custom store's primary keys.
///
/// Contexts key their models by a 64-bit row number (SQLite's `Z_PK`); a custom
/// store's key may be a UUID, a string or anything `Codable`. Each key of a store and
/// entity gets a positive number here the first time it is seen, and keeps it for
/// the life of the process, so that equal keys make equal identifiers. The keys are
/// kept by their description, which is what an encoded identifier holds.
enum PrimaryKeyRegistry {
    private struct Key: Hashable {
        let store: String
        let entity: String
        let primaryKey: String
    }

    private struct Row: Hashable {
        let store: String
        let entity: String
        let rowID: Int64
    }

    private struct Tables {
        var rowIDs: [Key: Int64] = [:]
        var keys: [Row: String] = [:]
        var next: Int64 = 1
    }

    private static let tables = Mutex(Tables())

    /// The row number of a key, given one the first time.
    static func rowID(store: String, entity: String, primaryKey: String) -> Int64 {
        let key = Key(store: store, entity: entity, primaryKey: primaryKey)
        return tables.withLock { tables in
            if let rowID = tables.rowIDs[key] { return rowID }
            let rowID = tables.next
            tables.next += 1
            tables.rowIDs[key] = rowID
            tables.keys[Row(store: store, entity: entity, rowID: rowID)] = primaryKey
            return rowID
        }
    }

    /// The key behind a row number, nil when the number is not a custom store's.
    static func primaryKey(store: String, entity: String, rowID: Int64) -> String? {
        tables.withLock { $0.keys[Row(store: store, entity: entity, rowID: rowID)] }
    }
}
