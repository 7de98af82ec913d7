import CardShowPro
import Foundation
import GetDiced
import GRDB
import OpenSwiftData
import Synchronization
import Trendy

/// W13: the reference apps' imports at the sizes the hostile-user reports timed
/// (issue 11, "Scale and progress"), through the apps' public import entry points
/// rather than the command-line tools, so that process start and terminal output are
/// not in the figure.
///
/// - CardShow Pro: `InventoryExchange.importData(_:format: .csv)` of its own CSV export
///   of 200,000 cards into a new store (the report: 161 s, of which 133 s after the
///   progress bar reached 100%), and of 20,000, so that the time per card of the two
///   sizes shows a step that grows faster than the data.
/// - Get Diced: `DeckList.parse` and `DeckService.importDeckList` of a 100,000-line
///   deck list into a new database (the report: 270 s), and of 10,000.
/// - Trendy: `BackupExchange.importBackup` of a backup of 100,000 events of four types
///   into a new store (the performance issue: 351 s of CPU, 1.87 ms an event against
///   0.44 ms at 10,000), and of 10,000: every event joins its type's `events`, the
///   to-many relationship that grows through its inverse.
/// - AssetFlow and CouponTracker: see `W13AppImports+AssetFlow` and `+CouponTracker`.
///
/// Each app runs on its own engine (CardShow Pro on OpenSwiftData, Get Diced on GRDB),
/// so there is no other engine to compare with: the benchmark is the app's own figure.
/// In quick mode the sizes are a tenth. The check: every card, or every deck line, is
/// in the store afterwards.
public enum W13AppImports {
    static let cardSizes = [Scale.rows(200_000), Scale.rows(20_000)]
    static let deckSizes = [Scale.rows(100_000), Scale.rows(10_000)]
    static let eventSizes = [Scale.rows(100_000), Scale.rows(10_000)]

    public static var cases: [BenchmarkCase] {
        cardSizes.map { rows in
            BenchmarkCase.make(
                "W13 cardshow CSV import \(Scale.name(rows))", .openSwiftData, freshStorePerIteration: true,
                iterations: Scale.iterations(3), fixture: { rows }, implementation: importCards, verify: verifyCards)
        }
        + deckSizes.map { lines in
            BenchmarkCase.make(
                "W13 getdiced deck import \(Scale.name(lines))", .grdb, freshStorePerIteration: true,
                iterations: Scale.iterations(3), fixture: { lines }, implementation: importDeck, verify: verifyDeck)
        }
        + eventSizes.map { events in
            BenchmarkCase.make(
                "W13 trendy JSON import \(Scale.name(events))", .openSwiftData, freshStorePerIteration: true,
                iterations: Scale.iterations(3), fixture: { events }, implementation: importEvents, verify: verifyEvents)
        }
        + assetFlowCases + couponTrackerCases + cardShowSyncCases + cardShowBringCases
    }

    // MARK: CardShow Pro

    /// The export of `rows` cards, made once per process by the app itself.
    private static let exports = Mutex<[Int: Data]>([:])

    /// CardShow Pro's CSV export of `rows` cards, with a spread of names, sets,
    /// conditions, costs and dates, as a dealer's inventory has.
    static func export(rows: Int) throws -> Data {
        if let data = exports.withLock({ $0[rows] }) { return data }
        let container = try CardShowStore.inMemoryContainer()
        let context = ModelContext(container)
        let conditions = CardShowPro.CardCondition.allCases
        let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
        for index in 0..<rows {
            context.insert(CardShowPro.InventoryCard(
                name: "Card \(index)", setName: "Set \(index % 97)", cardNumber: "\(index % 400)/400",
                variant: index % 5 == 0 ? "Holo" : "Normal", condition: conditions[index % conditions.count],
                marketValue: Double(index % 50_000) / 100, purchaseCost: index % 3 == 0 ? nil : Double(index % 9_000) / 100,
                acquiredDate: start.addingTimeInterval(Double(index % 700) * 86_400)))
        }
        try context.save()
        let data = try InventoryExchange(context: context).export(format: .csv, exportDate: start)
        exports.withLock { $0[rows] = data }
        return data
    }

    static func importCards(_ iteration: Iteration, _ rows: Int) throws -> (imported: Int, stored: Int) {
        let csv = try export(rows: rows)
        let container = try CardShowStore.container(at: iteration.storeURL)
        let context = ModelContext(container)
        let result = try iteration.measure {
            try InventoryExchange(context: context).importData(csv, format: .csv)
        }
        let stored = try ModelContext(container).fetchCount(FetchDescriptor<CardShowPro.InventoryCard>())
        return (result.inserted, stored)
    }

    static func verifyCards(_ output: (imported: Int, stored: Int), _ rows: Int) throws {
        try checkEqual(output.imported, rows, "W13 cardshow: cards imported")
        try checkEqual(output.stored, rows, "W13 cardshow: cards in the store")
    }

    // MARK: Get Diced

    /// A catalog as the bundled one is laid out (a `cards` table, user_version 0), with
    /// a competitor, an entrance and 30 main-deck cards.
    static func writeCatalog(at url: URL) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE cards (db_uuid TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, card_type TEXT NOT NULL,
                  rules_text TEXT, errata_text TEXT, is_banned INTEGER NOT NULL, release_set TEXT, srg_url TEXT,
                  srgpc_url TEXT, comments TEXT, tags TEXT, power INTEGER, agility INTEGER, strike INTEGER,
                  submission INTEGER, grapple INTEGER, technique INTEGER, division TEXT, gender TEXT,
                  deck_card_number INTEGER, atk_type TEXT, play_order TEXT, synced_at INTEGER NOT NULL)
                """)
            try db.execute(sql: """
                INSERT INTO cards (db_uuid, name, card_type, is_banned, synced_at) VALUES
                  ('00000000000000000000000000000001', 'Grand Entrance', 'EntranceCard', 0, 1700000000000),
                  ('00000000000000000000000000000002', 'Flip Gordon', 'SingleCompetitorCard', 0, 1700000000000)
                """)
            for number in 1...30 {
                try db.execute(
                    sql: """
                        INSERT INTO cards (db_uuid, name, card_type, is_banned, synced_at, deck_card_number, atk_type, play_order)
                        VALUES (?, ?, 'MainDeckCard', 0, 1700000000000, ?, 'Strike', 'Lead')
                        """,
                    arguments: [String(format: "%032x", 100 + number), "Move \(number)", number])
            }
        }
        try queue.close()
    }

    /// A list of `lines` card lines: the entrance, the competitor, then alternates
    /// cycling through the main-deck cards.
    static func deckList(lines: Int) -> String {
        var text = "Name: Scale\nFormat: Singles\nEntrance: Grand Entrance\nCompetitor: Flip Gordon\n"
        for index in 0..<(lines - 2) { text += "Alternate: Move \(index % 30 + 1)\n" }
        return text
    }

    static func importDeck(_ iteration: Iteration, _ lines: Int) throws -> (placed: Int, stored: Int) {
        let catalog = iteration.directory.appendingPathComponent("catalog.db")
        try writeCatalog(at: catalog)
        let database = try GetDicedDatabase.initialize(
            at: iteration.directory.appendingPathComponent("getdiced.db").path, fromCatalog: catalog.path)
        let text = deckList(lines: lines)
        let result = try iteration.measure {
            try DeckService(database: database).importDeckList(try DeckList.parse(text))
        }
        let stored = try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM deck_cards") ?? 0 }
        return (result.placed.count, stored)
    }

    static func verifyDeck(_ output: (placed: Int, stored: Int), _ lines: Int) throws {
        try checkEqual(output.placed, lines, "W13 getdiced: slots placed")
        try checkEqual(output.stored, lines, "W13 getdiced: deck cards in the database")
    }

    // MARK: Trendy

    /// The backups, made once per process by the app itself.
    private static let backups = Mutex<[Int: Data]>([:])

    /// Trendy's backup of `count` events, seven minutes apart, of four types in turn.
    static func backup(events count: Int) throws -> Data {
        if let data = backups.withLock({ $0[count] }) { return data }
        let context = ModelContext(try TrendyStore.inMemoryContainer())
        let types = ["Water", "Coffee", "Walk", "Read"].map { EventType(name: $0) }
        for type in types { context.insert(type) }
        let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
        for index in 0..<count {
            context.insert(Trendy.Event(timestamp: start.addingTimeInterval(Double(index) * 420), eventType: types[index % types.count]))
        }
        try context.save()
        let data = try BackupExchange.export(from: context)
        backups.withLock { $0[count] = data }
        return data
    }

    static func importEvents(_ iteration: Iteration, _ count: Int) throws -> (imported: Int, stored: Int) {
        let data = try backup(events: count)
        let container = try TrendyStore.container(at: iteration.storeURL)
        let context = ModelContext(container)
        let summary = try iteration.measure {
            try BackupExchange.importBackup(data, into: context)
        }
        let stored = try ModelContext(container).fetchCount(FetchDescriptor<Trendy.Event>())
        return (summary.eventsAdded, stored)
    }

    static func verifyEvents(_ output: (imported: Int, stored: Int), _ count: Int) throws {
        try checkEqual(output.imported, count, "W13 trendy: events imported")
        try checkEqual(output.stored, count, "W13 trendy: events in the store")
    }
}
