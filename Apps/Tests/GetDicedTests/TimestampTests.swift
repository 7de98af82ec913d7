import Foundation
import GRDB
import Testing
@testable import GetDiced

@Suite("Timestamps in milliseconds, as on Android")
struct TimestampTests {
    @Test func nowIsMillisecondsSince1970() {
        let before = Date().timeIntervalSince1970 * 1000
        let now = Double(Timestamp.now())
        let after = Date().timeIntervalSince1970 * 1000
        #expect(now >= before.rounded(.down) && now <= after)
    }

    @Test func convertsBothWaysWithoutLosingMilliseconds() {
        let date = Timestamp.date(fromMilliseconds: 1_700_000_123_456)
        #expect(date.timeIntervalSince1970 == 1_700_000_123.456)
        #expect(Timestamp.milliseconds(from: date) == 1_700_000_123_456)
    }

    @Test func storesCreationTimesAsIntegerMilliseconds() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let folder = try FolderService(database: database).createFolder(named: "Binder")
        let deck = try DeckService(database: database).createDeck(named: "Test")
        let stored = try database.read { db in
            (try Row.fetchOne(db, sql: "SELECT created_at, typeof(created_at) AS t FROM folders WHERE id = ?", arguments: [folder.id]),
             try Row.fetchOne(db, sql: "SELECT created_at, modified_at FROM decks WHERE id = ?", arguments: [deck.id]))
        }
        #expect(stored.0?["created_at"] == TestCatalog.now)
        #expect(stored.0?["t"] == "integer")
        #expect(stored.1?["created_at"] == TestCatalog.now)
        #expect(stored.1?["modified_at"] == TestCatalog.now)
    }

    @Test func changingADeckStampsItsModificationTime() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let ticks = Ticker(start: 1_000)
        let database = try GetDicedDatabase.initialize(
            at: directory.file("user.db"), fromCatalog: catalog, clock: { ticks.next() })
        let decks = DeckService(database: database)
        let deck = try decks.createDeck(named: "Test")
        try decks.place(TestCatalog.entrance.dbUUID, in: deck.id, slot: .entrance)
        let updated = try decks.deck(deck.id)
        #expect(updated.createdAt == deck.createdAt)
        #expect(updated.modifiedAt > deck.modifiedAt)
    }

    @Test func addingACardStampsItsAddedTime() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        try FolderService(database: database).add([TestCatalog.flipGordon.dbUUID], to: "owned")
        #expect(try database.cardsInFolder("owned").first?.addedAt == TestCatalog.now)
    }
}

/// A clock that moves one millisecond per reading.
final class Ticker: @unchecked Sendable {
    private var value: Int64
    private let lock = NSLock()

    init(start: Int64) { value = start }

    func next() -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
