import Foundation
import GRDB

/// A card catalog file on disk, checked before anything reads from it.
enum CatalogFile {
    /// Opens `path` read-only after checking that it is an SQLite database with a
    /// non-empty `cards` table that has every column of the schema.
    static func open(_ path: String) throws -> DatabaseQueue {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw GetDicedError.catalogNotFound(path: path)
        }
        guard !isDirectory.boolValue else {
            throw GetDicedError.invalidCatalog(path: path, reason: "it is a directory")
        }
        var configuration = Configuration()
        configuration.readonly = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read { db in
                guard try db.tableExists(Card.databaseTableName) else {
                    throw GetDicedError.invalidCatalog(path: path, reason: "it has no cards table")
                }
                let columns = Set(try db.columns(in: Card.databaseTableName).map(\.name))
                let missing = Schema.cardColumns.filter { !columns.contains($0) }
                guard missing.isEmpty else {
                    throw GetDicedError.invalidCatalog(
                        path: path,
                        reason: "its cards table lacks the columns \(missing.joined(separator: ", "))")
                }
                guard try Card.fetchCount(db) > 0 else {
                    throw GetDicedError.invalidCatalog(path: path, reason: "its cards table is empty")
                }
            }
        } catch let error as GetDicedError {
            throw error
        } catch let error as DatabaseError {
            throw GetDicedError.invalidCatalog(path: path, reason: Self.explain(error))
        }
        return queue
    }

    /// Says what an SQLite error means for a file someone expected to be a catalog.
    /// Whether a copy of the catalog failed in writing the copy rather than in reading the catalog.
    static func isWriteFailure(_ error: DatabaseError) -> Bool {
        switch error.resultCode {
        case .SQLITE_FULL, .SQLITE_READONLY: true
        case .SQLITE_IOERR: error.extendedResultCode != .SQLITE_IOERR_READ && error.extendedResultCode != .SQLITE_IOERR_SHORT_READ
        default: false
        }
    }

    static func explain(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_NOTADB: "it is not an SQLite database"
        case .SQLITE_CORRUPT: "the database is corrupt"
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: "it cannot be opened (\(error.message ?? "permission denied"))"
        default: error.message ?? "\(error)"
        }
    }
}
