import Foundation
import GRDB

/// The user database: a copy of a card catalog plus the user's folders and decks.
///
/// Create one from a catalog with ``initialize(at:fromCatalog:clock:)``, open it
/// afterwards with ``open(at:clock:)``. Both bring the schema to version 4 and keep
/// foreign keys on.
public final class GetDicedDatabase: Sendable {
    /// The file this database lives in.
    public let path: String
    /// The GRDB connection, for queries the library does not offer.
    public let writer: DatabaseQueue
    /// What opening did to the schema.
    public let migrationReport: MigrationReport
    /// The source of every timestamp written, in milliseconds.
    public let clock: @Sendable () -> Int64
    /// Checks the whole file before this opening's first write.
    let integrity: IntegrityGate

    private init(
        path: String, writer: DatabaseQueue, migrationReport: MigrationReport,
        clock: @escaping @Sendable () -> Int64, integrity: IntegrityGate
    ) {
        self.path = path
        self.writer = writer
        self.migrationReport = migrationReport
        self.clock = clock
        self.integrity = integrity
    }

    /// Creates the database at `path` from the catalog at `catalogPath`: copies it,
    /// adds the missing tables and default folders, and sets `user_version` to 4.
    ///
    /// The copy is prepared beside `path` and moved into place only once complete,
    /// so a failure leaves no database behind. The catalog file is only read.
    public static func initialize(
        at path: String, fromCatalog catalogPath: String,
        clock: @escaping @Sendable () -> Int64 = Timestamp.now
    ) throws -> GetDicedDatabase {
        let fileManager = FileManager.default
        guard !fileManager.fileExists(atPath: path) else {
            throw GetDicedError.databaseAlreadyExists(path: path)
        }
        let catalog = try CatalogFile.open(catalogPath)
        defer { try? catalog.close() }

        // Not `NSString.deletingLastPathComponent`: on Linux it traps on a one-character name (`--db g`).
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try fileManager.createDirectory(atPath: String(path[..<slash]), withIntermediateDirectories: true)
        }
        NewDatabaseFile.removeLeftovers(of: path)
        let partialPath = NewDatabaseFile.partialPath(for: path)
        let report: MigrationReport
        do {
            let partial = try DatabaseQueue(path: FilePath.forSQLite(partialPath), configuration: configuration())
            // SQLite's backup copies pages, `user_version` included, and never
            // inherits the catalog's read-only file mode the way a file copy would.
            do {
                try catalog.backup(to: partial)
            } catch let error as DatabaseError where CatalogFile.isWriteFailure(error) {
                // The copy could not be written (a full disk, `ulimit -f`): the new database's
                // problem, not the catalog's, and SQLite's message for it is "not an error".
                throw GetDicedError.databaseUnusable(path: path, reason: DatabaseErrorWords.reason(for: error))
            } catch let error as DatabaseError {
                throw GetDicedError.invalidCatalog(path: catalogPath, reason: CatalogFile.explain(error))
            }
            // The copy takes the catalog's `user_version`: a catalog of a newer Get Diced would
            // be placed as a database no command of this one opens, and block the path.
            let copiedVersion = try partial.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
            guard copiedVersion <= Schema.version else {
                throw GetDicedError.invalidCatalog(
                    path: catalogPath,
                    reason: "it has schema version \(copiedVersion), newer than this getdiced supports (\(Schema.version)), "
                        + "so no database was made. Give the catalog that came with this getdiced, or use a newer getdiced")
            }
            report = try Migrations.migrate(partial, now: clock())
            try partial.close()
            try NewDatabaseFile.place(partialPath, at: path)
        } catch {
            try? fileManager.removeItem(atPath: partialPath)
            throw error
        }
        let opened = try open(at: path, clock: clock)
        // Report what initialisation did, not the no-op of reopening.
        return GetDicedDatabase(
            path: path, writer: opened.writer, migrationReport: report, clock: clock, integrity: opened.integrity)
    }

    /// Opens the database at `path`, migrating it step by step if it is older than
    /// version 4.
    public static func open(
        at path: String, clock: @escaping @Sendable () -> Int64 = Timestamp.now
    ) throws -> GetDicedDatabase {
        guard FileManager.default.fileExists(atPath: path) else {
            throw GetDicedError.databaseNotFound(path: path)
        }
        let writer: DatabaseQueue
        let version: Int
        do {
            writer = try DatabaseQueue(path: FilePath.forSQLite(path), configuration: configuration())
            version = try writer.read { db in
                guard try db.tableExists(Card.databaseTableName) else {
                    throw GetDicedError.notAUserDatabase(path: path, reason: "it has no cards table")
                }
                return try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            // A database cut short or with damaged pages: its words say what to do.
            throw GetDicedError.damagedDatabase(path: path)
        } catch let error as DatabaseError {
            throw GetDicedError.notAUserDatabase(path: path, reason: CatalogFile.explain(error))
        }
        guard version <= Schema.version else {
            throw GetDicedError.unsupportedVersion(path: path, found: version, supported: Schema.version)
        }
        let integrity = IntegrityGate(path: path)
        let report = try Migrations.migrate(writer, now: clock(), beforeWrite: integrity.check)
        return GetDicedDatabase(path: path, writer: writer, migrationReport: report, clock: clock, integrity: integrity)
    }

    /// The schema version, `PRAGMA user_version`.
    public func userVersion() throws -> Int {
        try writer.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
    }

    /// Reads in one consistent snapshot.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    /// Writes in one transaction: everything in `body` is saved, or nothing. The
    /// first write refuses a database with damaged pages
    /// (``GetDicedError/damagedDatabase(path:)``).
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.write { db in
            try integrity.check(db)
            return try body(db)
        }
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Another getdiced process may be writing; wait rather than fail at once.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in db.add(function: NameFolding.function) }
        return configuration
    }
}
