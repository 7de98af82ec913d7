import Foundation
import GRDB
import Synchronization
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// The SQLite database behind a container, and the layout of each entity in it.
///
/// A file store uses WAL journaling with one writer connection, on which saves are
/// serialised, and a pool of read-only connections (`ReaderPool`) that never wait
/// for it or for each other, in this process or another. An in-memory store is a
/// private SQLite database on one connection that lives as long as the container.
///
/// No connection reports `SQLITE_BUSY` at once: each waits up to `busyTimeout` for
/// another connection's lock (another process's save, a checkpoint, the recovery
/// after a crash) before the store reports ``OpenSwiftDataError/storeBusy(path:seconds:)``.
final class SQLiteStore: @unchecked Sendable {
    let database: DatabaseQueue
    /// The read-only connections of a file store; nil in memory, where the writer reads.
    private let readers: ReaderPool?
    /// Reads go through the writer: the store of a migration's custom stage, whose
    /// contexts must see the migration's uncommitted changes.
    let readsThroughWriter: Bool
    let schema: Schema
    let identifier: String
    let configuration: ModelConfiguration
    private let tablesByType: [ObjectIdentifier: EntityTable]
    /// Each entity's layout, by entity name.
    let tablesByName: [String: EntityTable]
    private let deletionSQLCache = Mutex<[String: [String]]>([:])
    /// Wakes live queries after commits.
    let changes = StoreChanges()
    /// Counts the commits this store has seen, from this process or another.
    private let commits = Atomic<UInt64>(1)
    /// The last `PRAGMA data_version` each connection reported.
    private let dataVersions = Mutex<[ObjectIdentifier: Int64]>([:])
    /// The store is known to have its history tables (see `HistoryTables`).
    let historyTablesExist = Atomic<Bool>(false)
    /// The write under way created the history tables: they exist once it commits.
    let historyTablesPending = Atomic<Bool>(false)
    /// The whole file was found sound before a write (see `checksIntegrityBeforeFirstWrite`).
    private let integrityChecked = Atomic<Bool>(false)
    /// One thread of this process writes at a time; a context's transaction holds it throughout.
    let writeGate = WriteGate()
    /// A context's transaction holds the writer's `BEGIN IMMEDIATE` open (see
    /// `exclusively(for:_:)`). Read and written only by the thread in `writeGate`.
    var exclusiveTransactionIsOpen = false
    /// The entities written inside the open transaction, announced when it commits
    /// (nil inside the set: any of them).
    var exclusiveTransactionTouched: Set<String>? = []

    /// Opens the store, creating or migrating it to the schema (see `StoreMigrator`).
    convenience init(schema: Schema, configuration: ModelConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?,
                     heldElsewhere: [String: String] = [:]) throws {
        try StoredSchema.validate(schema)
        let database: DatabaseQueue
        do {
            database = try StoreMigrator(schema: schema, migrationPlan: migrationPlan, configuration: configuration,
                                     heldElsewhere: heldElsewhere).openStore()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw OpenSwiftDataError.storeNotADatabase(path: configuration.url.path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            throw OpenSwiftDataError.storeDamaged(path: configuration.url.path, reason: .corrupt)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY {
            throw OpenSwiftDataError.storeCannotOpen(path: configuration.url.path, reason: error.message ?? "\(error.resultCode)")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL || error.resultCode == .SQLITE_IOERR
                    || error.resultCode == .SQLITE_ERROR {
            // SQLITE_ERROR: a column of the store's record (`Z_METADATA`) another program renamed
            // is named as missing, where the opening threw SQLite's message with its statement.
            throw Self.storeError(error, path: configuration.url.path) ?? error
        }
        self.init(schema: schema, configuration: configuration, database: database)
    }

    /// A store over an open connection: the container's, once prepared, or the
    /// connection a migration holds, for the contexts of a custom stage.
    init(schema: Schema, configuration: ModelConfiguration, database: DatabaseQueue, readsThroughWriter: Bool = false) {
        self.schema = schema
        self.readsThroughWriter = readsThroughWriter
        self.readers = configuration.isStoredInMemoryOnly || readsThroughWriter
            ? nil : ReaderPool(path: database.path, writerConfiguration: database.configuration)
        self.configuration = configuration
        self.identifier = configuration.isStoredInMemoryOnly ? "memory:\(configuration.name):\(UUID().uuidString)" : configuration.url.path
        let tables = EntityTable.tables(for: schema)
        self.tablesByType = Dictionary(tables.map { (ObjectIdentifier($0.entity.modelType), $0) }, uniquingKeysWith: { first, _ in first })
        // By entity name: the entities of a hierarchy share one table.
        self.tablesByName = Dictionary(tables.map { ($0.entity.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.database = database
        recordOpeningVersions()
    }

    /// Opened read-only although saves are allowed: the store is on read-only media.
    var isOnReadOnlyMedia: Bool { configuration.allowsSave && database.configuration.readonly }

    /// How long a connection waits for another's lock before giving up.
    static let busyTimeout: TimeInterval = 30

    /// Shorter waits for the stores at given paths, so that a test of a lock held past
    /// the timeout takes a second rather than thirty. Read when a store opens.
    static let busyTimeoutOverrides = Mutex<[String: TimeInterval]>([:])

    /// How long connections to the store at `path` wait for another's lock.
    static func busyTimeout(forStoreAt path: String) -> TimeInterval {
        busyTimeoutOverrides.withLock { $0[path] } ?? busyTimeout
    }

    /// The wait as the error reports it, in whole seconds.
    static func busySeconds(forStoreAt path: String) -> Int {
        max(1, Int(busyTimeout(forStoreAt: path).rounded(.up)))
    }

    /// Runs `updates` in an immediate transaction (so that it waits for another
    /// writer's lock at its start, never half-way), or in a savepoint when one is
    /// already open: the migration's, around a custom stage's save, or a context's
    /// transaction, which a save (`endsTransaction`) commits.
    ///
    /// `touching` names the entities whose rows the write may change, for live
    /// queries (nil: any of them).
    func write<T>(touching entities: Set<String>? = nil, endsTransaction: Bool = false,
                  _ updates: (Database) throws -> T) throws -> T {
        try writeCommitting(touching: entities, endsTransaction: endsTransaction, updates).value
    }

    /// `write`, and the generation in which the rows it wrote are as it wrote them
    /// (see `generationAfterOwnCommit`): nil when no other generation can say so.
    func writeCommitting<T>(touching entities: Set<String>? = nil, endsTransaction: Bool = false,
                            _ updates: (Database) throws -> T) throws -> (value: T, generation: UInt64?) {
        try enterWriteGate()
        defer { writeGate.leave() }
        let joinsTransaction = exclusiveTransactionIsOpen
        var generation: UInt64?
        var commitCounted = false
        do {
            let value = try database.writeWithoutTransaction { db in
                let before = commits.load(ordering: .acquiring)
                var result: T?
                try db.inSavepoint {
                    try checkIntegrityBeforeFirstWrite(db)
                    result = try updates(db)
                    return .commit
                }
                guard let result else { throw OpenSwiftDataError.sqlite("the transaction ended without a result") }
                if joinsTransaction, endsTransaction {
                    exclusiveTransactionIsOpen = false
                    try db.commit()
                }
                if !joinsTransaction, !readsThroughWriter, !db.isInsideTransaction {
                    generation = generationAfterOwnCommit(writer: db, before: before)
                    commitCounted = true
                }
                return result
            }
            if joinsTransaction {
                exclusiveTransactionTouched = exclusiveTransactionTouched.flatMap { touched in entities.map { touched.union($0) } }
                guard endsTransaction else { return (value, nil) }
            }
            didCommit(touching: joinsTransaction ? exclusiveTransactionTouched : entities, counted: commitCounted)
            return (value, generation)
        } catch let error as DatabaseError {
            historyTablesPending.store(false, ordering: .releasing)
            throw storeError(error)
        } catch {
            historyTablesPending.store(false, ordering: .releasing)
            throw error
        }
    }

    /// What follows a commit through this store: the store's generation, the history
    /// tables it created, and live queries told.
    func didCommit(touching entities: Set<String>?, counted: Bool = false) {
        if !counted { noteCommit() }
        if historyTablesPending.exchange(false, ordering: .acquiringAndReleasing) {
            historyTablesExist.store(true, ordering: .releasing)
        }
        changes.didCommit(touching: entities)
    }

    /// Waits for this process's other writers (another thread's write, or a context's
    /// transaction on another thread) as long as SQLite waits for another process's.
    func enterWriteGate() throws {
        guard writeGate.enter(timeout: Self.busyTimeout(forStoreAt: configuration.url.path)) else {
            throw OpenSwiftDataError.storeBusy(path: configuration.url.path, seconds: Self.busySeconds(forStoreAt: configuration.url.path))
        }
    }

    /// Refuses the first write to a store with a damaged page, when the configuration
    /// asks for the check: inside the write's transaction, so that no other write can
    /// come between the check and this one.
    private func checkIntegrityBeforeFirstWrite(_ db: Database) throws {
        guard configuration.checksIntegrityBeforeFirstWrite, !configuration.isStoredInMemoryOnly,
              !integrityChecked.load(ordering: .acquiring) else { return }
        let findings = try String.fetchAll(db, sql: "PRAGMA quick_check")
        guard findings == ["ok"] else {
            Log.logger.error("integrity check of \(configuration.url.path) failed: \(findings.prefix(5).joined(separator: "; "))")
            throw OpenSwiftDataError.storeDamaged(path: configuration.url.path, reason: .corrupt)
        }
        integrityChecked.store(true, ordering: .releasing)
    }

    /// Runs `reads` on a connection no write is using. Each of the engine's reads is one
    /// statement, or statements whose results do not depend on each other, so no
    /// transaction is opened around them.
    ///
    /// A file store reads through its writer while no thread writes and no two threads
    /// have yet met at the write gate (`WriteGate.enterForRead()`), and otherwise on a
    /// reader of the pool: a process that never reads while it writes (a command-line
    /// tool, an app's start) keeps one connection, and SQLite parses the store's schema
    /// once rather than twice. A read never waits for a write.
    func read<T>(_ reads: (Database) throws -> T) throws -> T {
        do {
            guard let readers else { return try database.inDatabase(reads) }
            if writeGate.enterForRead() {
                defer { writeGate.leave() }
                return try database.inDatabase(reads)
            }
            return try readers.read(reads)
        } catch let error as DatabaseError {
            throw damagedJSONValue(behind: error) ?? storeError(error)
        }
    }

    /// SQLite's errors that say something about the store as a whole, in its terms: a
    /// lock held past the timeout, pages found damaged by a read or a write. Others
    /// pass through to be explained where they are met.
    func storeError(_ error: DatabaseError) -> any Error {
        Self.storeError(error, path: configuration.url.path) ?? error
    }

    /// The store-wide meaning of an SQLite error met on the store at `path`, or nil.
    /// A full disk and an I/O error are the disk's faults, not the data's: SQLite
    /// rolls the transaction back, so the store and the context are as they were.
    static func storeError(_ error: DatabaseError, path: String) -> OpenSwiftDataError? {
        switch error.resultCode {
        case .SQLITE_BUSY: .storeBusy(path: path, seconds: busySeconds(forStoreAt: path))
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: .storeDamaged(path: path, reason: .corrupt)
        case .SQLITE_ERROR: missingFromTables(error.message).map { .storeDamaged(path: path, reason: .missingFromTables($0)) }
        case .SQLITE_FULL: .storeDiskFull(path: path)
        case .SQLITE_IOERR: .storeIOError(path: path, operation: ioOperation(error.extendedResultCode))
        default: nil
        }
    }

    /// What SQLite found missing, from its message ("no such column: t.netProfit", "table
    /// Tag has no column named label" from an insert, "no such table: Tag"): each names a
    /// column or table the store records, as every statement the engine writes names only those.
    private static func missingFromTables(_ message: String?) -> String? {
        guard let message else { return nil }
        if message.hasPrefix("table "), let named = message.range(of: " has no column named ") {
            return "the column \(message[named.upperBound...])"
        }
        for (prefix, kind) in [("no such column: ", "the column"), ("no such table: ", "the table")] where message.hasPrefix(prefix) {
            let qualified = message.dropFirst(prefix.count)
            return "\(kind) \(qualified.split(separator: ".").last.map(String.init) ?? String(qualified))"
        }
        return nil
    }

    private static func ioOperation(_ code: ResultCode) -> StoreIOOperation {
        switch code {
        case .SQLITE_IOERR_READ, .SQLITE_IOERR_SHORT_READ: .reading
        case .SQLITE_IOERR_WRITE: .writing
        case .SQLITE_IOERR_FSYNC, .SQLITE_IOERR_DIR_FSYNC: .flushing
        default: .accessing
        }
    }

    deinit { readers?.close() }

    /// Switches `db`'s store to WAL, trying again while SQLite answers busy at once.
    ///
    /// Processes opening one new store together each switch it, which needs the file
    /// alone; SQLite answers busy without waiting the one whose wait could deadlock with
    /// another's. Once one has switched it, the store is in WAL mode and the switch finds
    /// it so. A lock held for the whole timeout still ends the open as busy: its wait has
    /// used the time by then.
    private static func switchToWAL(_ db: Database, path: String, timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            do {
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode == "wal" else { throw DatabaseError(message: "could not activate WAL mode at \(path)") }
                return
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                // Different pauses, so that processes that collided do not collide again.
                Thread.sleep(forTimeInterval: .random(in: 0.002...0.02))
            }
        }
    }

    /// The longest path, in bytes, SQLite opens a store at: its 512, less the room it keeps for
    /// the `-journal` after the name. A longer one failed as a file SQLite "cannot open", with
    /// the folders made for it left behind.
    static let longestPath = 504

    /// Opens the store's connection: the one the container keeps, on which its
    /// migration, if it needs one, runs first.
    ///
    /// A migration keeps its transaction open between database accesses, so that
    /// the contexts of custom stages work inside it, which GRDB allows only on a
    /// connection opened with `allowsUnsafeTransactions`. Opening the store once,
    /// with it, saves a migration the second and third opens it would otherwise
    /// need (the store's WAL and shared memory are set up again on each). Nothing
    /// else leaves a transaction open: every engine write goes through `write`.
    static func open(_ configuration: ModelConfiguration) throws -> DatabaseQueue {
        var options = Configuration()
        options.foreignKeysEnabled = false
        options.allowsUnsafeTransactions = !configuration.isStoredInMemoryOnly
        options.label = "OpenSwiftData.\(configuration.name)"
        options.busyMode = .timeout(busyTimeout(forStoreAt: configuration.url.path))
        if configuration.isStoredInMemoryOnly {
            return try DatabaseQueue(configuration: options)
        }
        let url = configuration.url
        if url.path.utf8.count > longestPath {
            throw OpenSwiftDataError.storeCannotOpen(path: url.path, reason: "its path is \(url.path.utf8.count) bytes long, and SQLite "
                                                     + "opens none longer than \(longestPath): give a shorter path (a symbolic link to "
                                                     + "its folder will do)")
        }
        let exists = FileManager.default.fileExists(atPath: url.path)
        let readonly = !configuration.allowsSave && exists
        var path = url.path
        if exists, ReadOnlyMedia.holds(url) {
            // SQLite cannot open a WAL store read-only where it cannot create the
            // shared-memory file beside it, unless told that nothing can change the
            // file, which read-only media guarantees. Saves are then refused by SQLite.
            options.readonly = true
            path = ReadOnlyMedia.immutablePath(of: url)
        } else if readonly {
            options.readonly = true
        } else {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw OpenSwiftDataError.storeCannotOpen(path: url.path, reason: "cannot create its folder (\(StoreIOWords.reason(for: error, path: url.deletingLastPathComponent().path)))")
            }
        }
        // WAL is set here rather than with GRDB's `journalMode = .wal`, which writes
        // to the store on every open (it creates and drops a table so that a WAL file
        // exists): opening a store must not change it, so that a store a migration
        // refused is byte-for-byte the file it was.
        let timeout = busyTimeout(forStoreAt: url.path)
        options.prepareDatabase { db in
            if !db.configuration.readonly {
                try switchToWAL(db, path: url.path, timeout: timeout)
                // A save's inserts of many rows a statement keep, for each statement, the
                // pages it changes (in case it must be undone); on disk, that is a write
                // to a temporary file for each page (see `EntityTable.BatchInsert`).
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
            }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        try StoreCompanionCheck.check(url)
        if exists { try StoreFileCheck.check(url) }
        do {
            return try DatabaseQueue(path: path, configuration: options)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw OpenSwiftDataError.storeNotADatabase(path: url.path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            throw OpenSwiftDataError.storeDamaged(path: url.path, reason: .corrupt)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            throw OpenSwiftDataError.storeBusy(path: url.path, seconds: busySeconds(forStoreAt: url.path))
        } catch let error as DatabaseError where [.SQLITE_CANTOPEN, .SQLITE_IOERR, .SQLITE_FULL].contains(error.resultCode)
                    && StoreIOWords.hasNoRoomToOpenAStore(in: url.deletingLastPathComponent().path) {
            // SQLite says only that it cannot open the file, or that the disk failed, when it
            // cannot make the -wal and -shm files, or grow the -shm to its first 32 KB.
            throw OpenSwiftDataError.storeCannotOpen(path: url.path, reason: "the disk holding it is full, or has no room left for "
                                                     + "another file, and the store's -wal and -shm files are made beside it "
                                                     + "when it opens: free some space there")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
            if !exists, access(url.deletingLastPathComponent().path, W_OK) != 0 {
                let folder = errno == EROFS ? "its folder is on read-only media (a read-only mount or disk image)"
                    : "this user may not write in its folder"
                throw OpenSwiftDataError.storeCannotOpen(path: url.path, reason: "\(folder), where a new store cannot be made")
            }
            throw OpenSwiftDataError.storeCannotOpen(path: url.path, reason: "SQLite cannot open the file (a symbolic link that "
                                                     + "points back to itself, a name too long, or a folder this user may not enter)")
        } catch let error as DatabaseError {
            throw OpenSwiftDataError.storeCannotOpen(path: url.path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// The store's generation as `db` sees it: a number that grows whenever a commit
    /// may have changed the store's rows since the last call, whichever connection
    /// or process made it. Models read in an older generation may be stale.
    ///
    /// SQLite's `data_version` changes on a connection when another connection, in
    /// this process or another, commits; a save through this store also counts itself.
    ///
    /// A connection's first report counts as a change, since a commit may have come
    /// before it that no other connection has reported yet; the writer reports at
    /// open (`recordOpeningVersions`), when no model has been read.
    func generation(seenBy db: Database) throws -> UInt64 {
        guard let current = try dataVersion(of: db) else { return commits.load(ordering: .acquiring) }
        let key = ObjectIdentifier(db)
        return dataVersions.withLock { versions in
            defer { versions[key] = current }
            if versions[key] == current { return commits.load(ordering: .acquiring) }
            return commits.add(1, ordering: .acquiringAndReleasing).newValue
        }
    }

    /// Stepped by hand: GRDB's `fetchOne` cost more than the statement, on every fetch and save.
    private func dataVersion(of db: Database) throws -> Int64? {
        try db.withStatement("PRAGMA data_version") { statement in
            try db.step(statement) ? sqlite3_column_int64(statement, 0) : nil
        }
    }

    /// The version the writer sees when the store opens: the point from which it
    /// reports changes. A reader opens when a read first meets a write, and its first
    /// report counts as a change.
    private func recordOpeningVersions() {
        guard let opening = try? database.inDatabase({ db in try dataVersion(of: db).map { (key: ObjectIdentifier(db), version: $0) } })
        else { return }
        dataVersions.withLock { $0[opening.key] = opening.version }
    }

    /// Counts this store's own commit, and returns its generation when the rows the
    /// commit wrote are, in it, exactly as written: no commit of another connection
    /// came after `before`, the generation read when the transaction began. The
    /// context that saved then needs no refresh of the models it wrote.
    ///
    /// The idle readers take the commit as seen, so that their next fetch does not
    /// count it again; that is sound only because the writer, asked last, reports
    /// every commit of another connection since it was last asked (readers write
    /// nothing, so the writer's `data_version` moves for those alone). All of it
    /// happens under the lock `generation(seenBy:)` takes, so no fetch reads the
    /// generation between the readers' update and the writer's report.
    private func generationAfterOwnCommit(writer db: Database, before: UInt64) -> UInt64? {
        dataVersions.withLock { versions in
            let after = commits.add(1, ordering: .acquiringAndReleasing).newValue
            readers?.withIdleConnections { reader in
                if let version = try? dataVersion(of: reader) { versions[ObjectIdentifier(reader)] = version }
            }
            let key = ObjectIdentifier(db)
            guard let version = try? dataVersion(of: db) else {
                versions[key] = nil
                commits.add(1, ordering: .acquiringAndReleasing)
                return nil
            }
            defer { versions[key] = version }
            guard versions[key] == version else {
                commits.add(1, ordering: .acquiringAndReleasing)
                return nil
            }
            return after == before + 1 ? after : nil
        }
    }

    /// A write through this store committed.
    private func noteCommit() {
        commits.add(1, ordering: .acquiringAndReleasing)
    }

    /// The entities whose changes can change a fetch of `type`: its own, and those
    /// related to it in either direction (a predicate or a relationship may read them).
    func entitiesAffecting(_ type: any PersistentModel.Type) -> Set<String> {
        let target = ObjectIdentifier(type)
        var names: Set<String> = []
        for table in tables {
            let isTarget = ObjectIdentifier(table.entity.modelType) == target
            for relationship in table.entity.relationships
            where isTarget || ObjectIdentifier(relationship.destinationType) == target {
                names.insert(table.name)
                if let destination = try? self.table(for: relationship.destinationType) { names.insert(destination.name) }
            }
            if isTarget { names.insert(table.name) }
        }
        return names
    }

    func table(for type: any PersistentModel.Type) throws -> EntityTable {
        guard let table = tablesByType[ObjectIdentifier(type)] else {
            throw OpenSwiftDataError.modelNotInSchema(String(describing: type))
        }
        return table
    }

    func table(named name: String) -> EntityTable? { tablesByName[name] }

    /// True when a cascade along `relationship` runs as one DELETE of the children's
    /// rows at save, without loading them (``Schema/cascadesByKey(_:)``).
    func cascadesInStore(_ relationship: Schema.Relationship) -> Bool {
        schema.cascadesByKey(relationship)
    }

    /// A to-many relationship kept by its members' foreign key: an appended member's
    /// position is one past the largest its siblings hold.
    func appendsWithoutLoading(_ relationship: Schema.Relationship) -> Bool {
        relationship.isKeptByMembersForeignKey
    }

    /// The statements that delete rows of `table` whose keys are in the JSON array ?1:
    /// the rows themselves, their join-table entries, and references to them from
    /// to-one relationships that have no inverse to keep in step.
    func deletionSQL(for table: EntityTable) -> [String] {
        if let cached = deletionSQLCache.withLock({ $0[table.name] }) { return cached }
        let keys = "(SELECT value FROM json_each(?1))"
        var statements = ["DELETE FROM \(table.name.quotedIdentifier) WHERE \"Z_PK\" IN \(keys)"]
        for relationship in table.entity.relationships where relationship.usesJoinTable {
            let join = JoinTableLayout(relationship, of: table.entity)
            statements.append("DELETE FROM \(join.name.quotedIdentifier) WHERE \(join.ownColumn.quotedIdentifier) IN \(keys)")
        }
        for other in tables {
            for relationship in other.entity.relationships
            where ObjectIdentifier(relationship.destinationType) == ObjectIdentifier(table.entity.modelType) {
                if relationship.usesJoinTable {
                    let join = JoinTableLayout(relationship, of: other.entity)
                    statements.append("DELETE FROM \(join.name.quotedIdentifier) WHERE \(join.otherColumn.quotedIdentifier) IN \(keys)")
                } else if relationship.isToOneRelationship, relationship.inverse == nil {
                    let column = relationship.name.quotedIdentifier
                    statements.append("UPDATE \(other.name.quotedIdentifier) SET \(column) = NULL WHERE \(column) IN \(keys)")
                }
            }
        }
        deletionSQLCache.withLock { $0[table.name] = statements }
        return statements
    }

    var tables: Dictionary<String, EntityTable>.Values { tablesByName.values }
}
