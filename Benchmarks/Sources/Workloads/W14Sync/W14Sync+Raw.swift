import Foundation

/// The raw side's two devices and server, each a store file of its own in the iteration's
/// directory: a sync written by hand. A device reads its changed rows (a version column)
/// and sends them as JSON in batches of `changesPerUpload` to the server, which upserts
/// each into its row table and appends it to its log, one transaction a batch; then each
/// device reads the log after its cursor (others' entries joined with the server's rows)
/// in JSON pages of `pageSize` and upserts or deletes each row, one transaction a page
/// with the cursor.
struct RawSyncWorld: W14SyncWorld {
    let deviceA: RawSyncDevice
    let deviceB: RawSyncDevice
    let server: RawSyncServer

    init(_ directory: URL) throws {
        deviceA = try RawSyncDevice(directory.appendingPathComponent("device-a.sqlite"))
        deviceB = try RawSyncDevice(directory.appendingPathComponent("device-b.sqlite"))
        server = try RawSyncServer(directory.appendingPathComponent("server.sqlite"))
    }

    func saveOnA(_ cards: [TradingCard]) throws { try deviceA.save(inserting: cards) }

    func saveRoundOnA() throws { try deviceA.saveRound() }

    func syncBoth(_ figures: inout W14Sync.WireFigures) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let uploadPhaseA = try deviceA.sync(with: server, &figures.deviceA)
        let afterA = clock.now
        try deviceB.sync(with: server, &figures.deviceB)
        figures.syncASeconds = W14Sync.seconds(afterA - start)
        figures.uploadPhaseASeconds = uploadPhaseA
        figures.syncBSeconds = W14Sync.seconds(clock.now - afterA)
    }

    func output() throws -> W14Sync.Output {
        W14Sync.Output(deviceA: try deviceA.cards().digest, deviceB: try deviceB.cards().digest)
    }
}

// MARK: The wire

/// One card's change: every value for an insert or update, the key alone with `deleted` for a delete.
struct RawWireChange: Codable {
    var key: String
    var deleted: Bool?
    var name: String?
    var setName: String?
    var number: Int?
    var price: Double?
    var quantity: Int?

    init(_ card: TradingCard) {
        key = card.key
        (name, setName, number, price, quantity) = (card.name, card.setName, card.number, card.price, card.quantity)
    }

    init(deleted key: String) {
        self.key = key
        deleted = true
    }

    /// The card an insert or update carries; nil for a delete.
    func card() throws -> TradingCard? {
        if deleted == true { return nil }
        guard let name, let setName, let number, let price, let quantity else {
            throw WorkloadError("W14 raw: change of \(key) without its values")
        }
        return TradingCard(key: key, name: name, setName: setName, number: number, price: price, quantity: quantity)
    }
}

struct RawWireBatch: Codable {
    var id: UUID
    var device: String
    var changes: [RawWireChange]
}

struct RawWirePage: Codable {
    var changes: [RawWireChange]
    var cursor: Int64
    var hasMore: Bool
}

/// An end's JSON coders, kept as a server or client keeps them, with their time counted
/// as the wire's.
struct RawWireJSON {
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    func encode(_ value: some Encodable, _ tally: inout W14Sync.WireTally) throws -> Data {
        try W14Sync.timed(&tally.jsonSeconds) { try encoder.encode(value) }
    }

    func decode<T: Decodable>(_: T.Type, from body: Data, _ tally: inout W14Sync.WireTally) throws -> T {
        try W14Sync.timed(&tally.jsonSeconds) { try decoder.decode(T.self, from: body) }
    }
}

/// How both ends apply a change from the wire to their card table: the card upserted by
/// its key, or the key's row deleted.
struct RawCardWrites {
    private let upsert: RawStatement
    private let delete: RawStatement

    /// `version`: what a row the change inserts gets in the table's version column (the
    /// device's: 0, as a download wrote it); nil for a table without one (the server's).
    init(_ db: RawDatabase, version: Int?) throws {
        let (column, value) = version.map { (", version", ", \($0)") } ?? ("", "")
        upsert = try db.prepare("""
            INSERT INTO card(key, name, setName, number, price, quantity\(column)) VALUES (?, ?, ?, ?, ?, ?\(value))
            ON CONFLICT(key) DO UPDATE SET name = excluded.name, setName = excluded.setName, number = excluded.number,
                price = excluded.price, quantity = excluded.quantity
            """)
        delete = try db.prepare("DELETE FROM card WHERE key = ?")
    }

    func apply(_ change: RawWireChange) throws {
        if let card = try change.card() {
            upsert.bind(card)
            try upsert.run()
        } else {
            delete.bind(1, change.key)
            try delete.run()
        }
    }
}

extension RawDatabase {
    /// Opens the database at `url` and makes `schema`'s tables where they are not there yet.
    convenience init(_ url: URL, schema: String) throws {
        try self.init(url)
        try execute(schema)
    }
}

extension RawStatement {
    /// Binds a card's key and values to parameters 1 to 6, in the card tables' column order.
    func bind(_ card: TradingCard) {
        bind(1, card.key)
        bind(2, card.name)
        bind(3, card.setName)
        bind(4, card.number)
        bind(5, card.price)
        bind(6, card.quantity)
    }

    /// The card whose key is in column `key` and whose values follow from column `values`
    /// in the card tables' order.
    func card(key: Int32 = 0, values: Int32 = 1) -> TradingCard {
        TradingCard(key: text(key), name: text(values), setName: text(values + 1), number: int(values + 2),
                    price: double(values + 3), quantity: int(values + 4))
    }
}

// MARK: Device

/// A device's store: the cards with the version of the save that last wrote each (0 for
/// a row a download wrote), the keys deleted since the last upload, and the device's
/// place: its latest local version, the version uploaded through, the server cursor.
final class RawSyncDevice {
    let db: RawDatabase
    private let json = RawWireJSON()

    init(_ url: URL) throws {
        db = try RawDatabase(url, schema: """
            CREATE TABLE IF NOT EXISTS card(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
                setName TEXT NOT NULL, number INTEGER NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL,
                version INTEGER NOT NULL);
            CREATE INDEX IF NOT EXISTS card_version ON card(version);
            CREATE TABLE IF NOT EXISTS card_deleted(key TEXT PRIMARY KEY, version INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS sync_state(device TEXT NOT NULL, localVersion INTEGER NOT NULL,
                pushed INTEGER NOT NULL, cursor INTEGER NOT NULL);
            INSERT INTO sync_state SELECT '\(UUID().uuidString)', 0, 0, 0 WHERE NOT EXISTS (SELECT 1 FROM sync_state);
            """)
    }

    private struct State {
        var device: String
        var localVersion: Int
        var pushed: Int
        var cursor: Int64
    }

    private func state() throws -> State {
        let statement = try db.prepare("SELECT device, localVersion, pushed, cursor FROM sync_state")
        guard try statement.step() else { throw WorkloadError("W14 raw: no sync_state row") }
        return State(device: statement.text(0), localVersion: statement.int(1), pushed: statement.int(2),
                     cursor: Int64(statement.int(3)))
    }

    // MARK: Local saves (the app's, unmeasured)

    /// One save inserting `cards`.
    func save(inserting cards: [TradingCard]) throws {
        try db.transaction { try insert(cards, version: try nextVersion()) }
    }

    /// One save of the incremental sync's next round of changes.
    func saveRound() throws {
        try db.transaction {
            let version = try nextVersion()
            // The rounds' inserts are numbered from `count` and never deleted.
            let inserted = try db.scalarInt("SELECT count(*) FROM card WHERE number >= \(W14Sync.count)")
            let round = W14Sync.Round(W14Sync.Round.number(insertedSoFar: inserted))

            let select = try db.prepare("SELECT key, price, quantity FROM card WHERE number >= ? AND number < ?")
            select.bind(1, round.updates.lowerBound)
            select.bind(2, round.updates.upperBound)
            var updates: [(String, Double, Int)] = []
            while try select.step() { updates.append((select.text(0), select.double(1), select.int(2))) }
            try checkEqual(updates.count, W14Sync.updatesPerRound, "W14 raw: cards to update")
            let update = try db.prepare("UPDATE card SET price = ?, quantity = ?, version = ? WHERE key = ?")
            for (key, price, quantity) in updates {
                update.bind(1, W14Sync.updatedPrice(price))
                update.bind(2, quantity + 1)
                update.bind(3, version)
                update.bind(4, key)
                try update.run()
            }

            let doomed = try db.prepare("SELECT key FROM card WHERE number >= ? AND number < ?")
            doomed.bind(1, round.deletes.lowerBound)
            doomed.bind(2, round.deletes.upperBound)
            var keys: [String] = []
            while try doomed.step() { keys.append(doomed.text(0)) }
            try checkEqual(keys.count, W14Sync.deletesPerRound, "W14 raw: cards to delete")
            let delete = try db.prepare("DELETE FROM card WHERE key = ?")
            let tombstone = try db.prepare("INSERT OR REPLACE INTO card_deleted(key, version) VALUES (?, ?)")
            for key in keys {
                delete.bind(1, key)
                try delete.run()
                tombstone.bind(1, key)
                tombstone.bind(2, version)
                try tombstone.run()
            }

            try insert(round.inserts.map(TradingCard.generated), version: version)
        }
    }

    private func insert(_ cards: [TradingCard], version: Int) throws {
        let insert = try db.prepare(
            "INSERT INTO card(key, name, setName, number, price, quantity, version) VALUES (?, ?, ?, ?, ?, ?, ?)")
        for card in cards {
            insert.bind(card)
            insert.bind(7, version)
            try insert.run()
        }
    }

    private func nextVersion() throws -> Int {
        try db.execute("UPDATE sync_state SET localVersion = localVersion + 1")
        return try db.scalarInt("SELECT localVersion FROM sync_state")
    }

    // MARK: Sync (measured)

    /// Uploads the rows written and the keys deleted since the last upload, then downloads
    /// and applies the others' changes after the cursor, its requests tallied into `tally`.
    /// Returns the seconds until the download began: the sync's upload phase.
    @discardableResult
    func sync(with server: RawSyncServer, _ tally: inout W14Sync.WireTally) throws -> Double {
        let clock = ContinuousClock()
        let began = clock.now
        let start = try state()
        try push(start, to: server, &tally)
        let uploadPhase = W14Sync.seconds(clock.now - began)
        try pull(start, from: server, &tally)
        return uploadPhase
    }

    private func push(_ start: State, to server: RawSyncServer, _ tally: inout W14Sync.WireTally) throws {
        var changes: [RawWireChange] = []
        var newest = start.pushed
        try db.transaction {
            let changed = try db.prepare(
                "SELECT key, name, setName, number, price, quantity, version FROM card WHERE version > ?")
            changed.bind(1, start.pushed)
            while try changed.step() {
                changes.append(RawWireChange(changed.card()))
                newest = max(newest, changed.int(6))
            }
            let deleted = try db.prepare("SELECT key, version FROM card_deleted")
            while try deleted.step() {
                changes.append(RawWireChange(deleted: deleted.text(0)))
                newest = max(newest, deleted.int(1))
            }
        }
        guard !changes.isEmpty else { return }
        for first in stride(from: 0, to: changes.count, by: W14Sync.changesPerUpload) {
            let part = Array(changes[first..<min(first + W14Sync.changesPerUpload, changes.count)])
            let body = try json.encode(RawWireBatch(id: UUID(), device: start.device, changes: part), &tally)
            tally.uploadBytes += body.count
            tally.uploads += 1
            try server.receive(body, &tally)
        }
        try db.transaction {
            let done = try db.prepare("UPDATE sync_state SET pushed = ?")
            done.bind(1, newest)
            try done.run()
            let forget = try db.prepare("DELETE FROM card_deleted WHERE version <= ?")
            forget.bind(1, newest)
            try forget.run()
        }
    }

    private func pull(_ start: State, from server: RawSyncServer, _ tally: inout W14Sync.WireTally) throws {
        var cursor = start.cursor
        let downloaded = try RawCardWrites(db, version: 0)
        let advance = try db.prepare("UPDATE sync_state SET cursor = ?")
        while true {
            let body = try server.page(after: cursor, for: start.device, limit: W14Sync.pageSize, &tally)
            tally.downloadBytes += body.count
            tally.downloads += 1
            let page = try json.decode(RawWirePage.self, from: body, &tally)
            try db.transaction {
                for change in page.changes { try downloaded.apply(change) }
                advance.bind(1, Int(page.cursor))
                try advance.run()
            }
            cursor = page.cursor
            if !page.hasMore { break }
        }
    }

    /// Every card, for the check.
    func cards() throws -> [TradingCard] {
        let statement = try db.prepare("SELECT key, name, setName, number, price, quantity FROM card")
        var cards: [TradingCard] = []
        while try statement.step() { cards.append(statement.card()) }
        return cards
    }
}

// MARK: Server

/// The server's store: each card's current values by key, and the log of changes (the
/// device that sent each, the key, whether it was a delete), read back joined with the rows.
final class RawSyncServer {
    let db: RawDatabase
    private let json = RawWireJSON()

    init(_ url: URL) throws {
        db = try RawDatabase(url, schema: """
            CREATE TABLE IF NOT EXISTS card(key TEXT PRIMARY KEY, name TEXT NOT NULL, setName TEXT NOT NULL,
                number INTEGER NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS log(seq INTEGER PRIMARY KEY, device TEXT NOT NULL, key TEXT NOT NULL,
                deleted INTEGER NOT NULL);
            """)
    }

    /// An upload request: the batch applied in one transaction.
    func receive(_ body: Data, _ tally: inout W14Sync.WireTally) throws {
        let batch = try json.decode(RawWireBatch.self, from: body, &tally)
        try W14Sync.timed(&tally.serverUploadSeconds) { try apply(batch) }
    }

    private func apply(_ batch: RawWireBatch) throws {
        try db.transaction {
            let cards = try RawCardWrites(db, version: nil)
            let log = try db.prepare("INSERT INTO log(device, key, deleted) VALUES (?, ?, ?)")
            for change in batch.changes {
                try cards.apply(change)
                log.bind(1, batch.device)
                log.bind(2, change.key)
                log.bind(3, change.deleted == true)
                try log.run()
            }
        }
    }

    /// A download request: the others' changes after `cursor`, at most `limit`, as a JSON
    /// page. The cursor moves past the device's own entries too.
    func page(after cursor: Int64, for device: String, limit: Int, _ tally: inout W14Sync.WireTally) throws -> Data {
        let page = try W14Sync.timed(&tally.serverDownloadSeconds) { try readPage(after: cursor, for: device, limit: limit) }
        return try json.encode(page, &tally)
    }

    private func readPage(after cursor: Int64, for device: String, limit: Int) throws -> RawWirePage {
        var changes: [RawWireChange] = []
        var last = cursor
        var hasMore = false
        try db.transaction {
            let entries = try db.prepare("""
                SELECT log.seq, log.key, log.deleted, card.name, card.setName, card.number, card.price, card.quantity
                FROM log LEFT JOIN card ON card.key = log.key
                WHERE log.seq > ? AND log.device <> ? ORDER BY log.seq LIMIT ?
                """)
            entries.bind(1, Int(cursor))
            entries.bind(2, device)
            entries.bind(3, limit + 1)
            var read = 0
            while try entries.step() {
                read += 1
                if read > limit { hasMore = true; break }
                last = Int64(entries.int(0))
                if entries.bool(2) {
                    changes.append(RawWireChange(deleted: entries.text(1)))
                } else if !entries.isNull(3) {
                    // A row deleted since: its delete is a later entry.
                    changes.append(RawWireChange(entries.card(key: 1, values: 3)))
                }
            }
            if !hasMore {
                let end = try db.scalarInt("SELECT coalesce(max(seq), 0) FROM log")
                last = max(last, Int64(end))
            }
        }
        return RawWirePage(changes: changes, cursor: last, hasMore: hasMore)
    }
}
