import Foundation

extension W14Sync {
    /// A first sync written by hand: A reads its changed rows (a version column), sends them
    /// as JSON in batches of `changesPerUpload` to the server, which upserts each into its
    /// row table and appends it to its log, one transaction a batch; then each device reads
    /// the log after its cursor (others' entries joined with the server's rows) in JSON pages
    /// of `pageSize` and upserts or deletes each row, one transaction a page with the cursor.
    @Sendable static func rawFirstSync(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let world = try RawSyncWorld(run.directory)
        try world.deviceA.save(inserting: fixture.cards)
        var figures = WireFigures()
        try run.measure { try world.syncBoth(&figures) }
        figures.record(firstLabel, .raw, run)
        return try world.output()
    }

    /// The same after A's round of 100 changes, once the first sync is done (unmeasured).
    @Sendable static func rawIncrementalSync(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let world = try RawSyncWorld(run.directory)
        try run.once {
            try world.deviceA.save(inserting: fixture.cards)
            var setup = WireFigures()
            try world.syncBoth(&setup)
        }
        try world.deviceA.saveRound()
        var figures = WireFigures()
        try run.measure { try world.syncBoth(&figures) }
        figures.record(incrementalLabel, .raw, run)
        return try world.output()
    }
}

/// The raw side's two devices and server, each a store file of its own in the iteration's directory.
struct RawSyncWorld {
    let deviceA: RawSyncDevice
    let deviceB: RawSyncDevice
    let server: RawSyncServer

    init(_ directory: URL) throws {
        deviceA = try RawSyncDevice(directory.appendingPathComponent("device-a.sqlite"))
        deviceB = try RawSyncDevice(directory.appendingPathComponent("device-b.sqlite"))
        server = try RawSyncServer(directory.appendingPathComponent("server.sqlite"))
    }

    /// A's sync, then B's, each timed into `figures`.
    func syncBoth(_ figures: inout W14Sync.WireFigures) throws {
        let clock = ContinuousClock()
        let start = clock.now
        try deviceA.sync(with: server, &figures, downloadBytes: \.downloadBytesA, uploadPhase: \.uploadPhaseASeconds)
        let afterA = clock.now
        try deviceB.sync(with: server, &figures, downloadBytes: \.downloadBytesB, uploadPhase: nil)
        figures.syncASeconds = W14Sync.seconds(afterA - start)
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

// MARK: Device

/// A device's store: the cards with the version of the save that last wrote each (0 for
/// a row a download wrote), the keys deleted since the last upload, and the device's
/// place: its latest local version, the version uploaded through, the server cursor.
final class RawSyncDevice {
    let db: RawDatabase
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(_ url: URL) throws {
        db = try RawDatabase(url)
        try db.execute("""
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
        try db.transaction {
            let version = try nextVersion()
            let insert = try db.prepare(
                "INSERT INTO card(key, name, setName, number, price, quantity, version) VALUES (?, ?, ?, ?, ?, ?, ?)")
            for card in cards {
                bind(card, to: insert)
                insert.bind(7, version)
                try insert.run()
            }
        }
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

            let insert = try db.prepare(
                "INSERT INTO card(key, name, setName, number, price, quantity, version) VALUES (?, ?, ?, ?, ?, ?, ?)")
            for number in round.inserts {
                bind(.generated(number), to: insert)
                insert.bind(7, version)
                try insert.run()
            }
        }
    }

    private func nextVersion() throws -> Int {
        try db.execute("UPDATE sync_state SET localVersion = localVersion + 1")
        return try db.scalarInt("SELECT localVersion FROM sync_state")
    }

    private func bind(_ card: TradingCard, to statement: RawStatement) {
        statement.bind(1, card.key)
        statement.bind(2, card.name)
        statement.bind(3, card.setName)
        statement.bind(4, card.number)
        statement.bind(5, card.price)
        statement.bind(6, card.quantity)
    }

    // MARK: Sync (measured)

    /// Uploads the rows written and the keys deleted since the last upload, then downloads
    /// and applies the others' changes after the cursor.
    func sync(with server: RawSyncServer, _ figures: inout W14Sync.WireFigures,
              downloadBytes: WritableKeyPath<W14Sync.WireFigures, Int>,
              uploadPhase: WritableKeyPath<W14Sync.WireFigures, Double>?) throws {
        let clock = ContinuousClock()
        let began = clock.now
        let start = try state()
        try push(start, to: server, &figures)
        if let uploadPhase { figures[keyPath: uploadPhase] += W14Sync.seconds(clock.now - began) }
        try pull(start, from: server, &figures, downloadBytes: downloadBytes)
    }

    private func push(_ start: State, to server: RawSyncServer, _ figures: inout W14Sync.WireFigures) throws {
        var changes: [RawWireChange] = []
        var newest = start.pushed
        try db.transaction {
            let changed = try db.prepare(
                "SELECT key, name, setName, number, price, quantity, version FROM card WHERE version > ?")
            changed.bind(1, start.pushed)
            while try changed.step() {
                changes.append(RawWireChange(TradingCard(key: changed.text(0), name: changed.text(1), setName: changed.text(2),
                                                         number: changed.int(3), price: changed.double(4), quantity: changed.int(5))))
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
            let body = try W14Sync.timed(&figures.jsonSeconds) {
                try encoder.encode(RawWireBatch(id: UUID(), device: start.device, changes: part))
            }
            figures.uploadBytes += body.count
            figures.uploadRequests += 1
            try server.receive(body, &figures)
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

    private func pull(_ start: State, from server: RawSyncServer, _ figures: inout W14Sync.WireFigures,
                      downloadBytes: WritableKeyPath<W14Sync.WireFigures, Int>) throws {
        var cursor = start.cursor
        let upsert = try db.prepare("""
            INSERT INTO card(key, name, setName, number, price, quantity, version) VALUES (?, ?, ?, ?, ?, ?, 0)
            ON CONFLICT(key) DO UPDATE SET name = excluded.name, setName = excluded.setName, number = excluded.number,
                price = excluded.price, quantity = excluded.quantity
            """)
        let delete = try db.prepare("DELETE FROM card WHERE key = ?")
        let advance = try db.prepare("UPDATE sync_state SET cursor = ?")
        while true {
            let body = try server.page(after: cursor, for: start.device, limit: W14Sync.pageSize, &figures)
            figures[keyPath: downloadBytes] += body.count
            figures.downloadRequests += 1
            let page = try W14Sync.timed(&figures.jsonSeconds) { try decoder.decode(RawWirePage.self, from: body) }
            try db.transaction {
                for change in page.changes {
                    if let card = try change.card() {
                        bind(card, to: upsert)
                        try upsert.run()
                    } else {
                        delete.bind(1, change.key)
                        try delete.run()
                    }
                }
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
        while try statement.step() {
            cards.append(TradingCard(key: statement.text(0), name: statement.text(1), setName: statement.text(2),
                                     number: statement.int(3), price: statement.double(4), quantity: statement.int(5)))
        }
        return cards
    }
}

// MARK: Server

/// The server's store: each card's current values by key, and the log of changes (the
/// device that sent each, the key, whether it was a delete), read back joined with the rows.
final class RawSyncServer {
    let db: RawDatabase
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(_ url: URL) throws {
        db = try RawDatabase(url)
        try db.execute("""
            CREATE TABLE IF NOT EXISTS card(key TEXT PRIMARY KEY, name TEXT NOT NULL, setName TEXT NOT NULL,
                number INTEGER NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS log(seq INTEGER PRIMARY KEY, device TEXT NOT NULL, key TEXT NOT NULL,
                deleted INTEGER NOT NULL);
            """)
    }

    /// An upload request: the batch applied in one transaction.
    func receive(_ body: Data, _ figures: inout W14Sync.WireFigures) throws {
        let batch = try W14Sync.timed(&figures.jsonSeconds) { try decoder.decode(RawWireBatch.self, from: body) }
        try W14Sync.timed(&figures.serverUploadSeconds) { try apply(batch) }
    }

    private func apply(_ batch: RawWireBatch) throws {
        try db.transaction {
            let upsert = try db.prepare("""
                INSERT INTO card(key, name, setName, number, price, quantity) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET name = excluded.name, setName = excluded.setName,
                    number = excluded.number, price = excluded.price, quantity = excluded.quantity
                """)
            let delete = try db.prepare("DELETE FROM card WHERE key = ?")
            let log = try db.prepare("INSERT INTO log(device, key, deleted) VALUES (?, ?, ?)")
            for change in batch.changes {
                if let card = try change.card() {
                    upsert.bind(1, card.key)
                    upsert.bind(2, card.name)
                    upsert.bind(3, card.setName)
                    upsert.bind(4, card.number)
                    upsert.bind(5, card.price)
                    upsert.bind(6, card.quantity)
                    try upsert.run()
                } else {
                    delete.bind(1, change.key)
                    try delete.run()
                }
                log.bind(1, batch.device)
                log.bind(2, change.key)
                log.bind(3, change.deleted == true)
                try log.run()
            }
        }
    }

    /// A download request: the others' changes after `cursor`, at most `limit`, as a JSON
    /// page. The cursor moves past the device's own entries too.
    func page(after cursor: Int64, for device: String, limit: Int, _ figures: inout W14Sync.WireFigures) throws -> Data {
        let page = try W14Sync.timed(&figures.serverDownloadSeconds) { try readPage(after: cursor, for: device, limit: limit) }
        return try W14Sync.timed(&figures.jsonSeconds) { try encoder.encode(page) }
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
                    changes.append(RawWireChange(TradingCard(key: entries.text(1), name: entries.text(3), setName: entries.text(4),
                                                             number: entries.int(5), price: entries.double(6), quantity: entries.int(7))))
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
