import Foundation
import GRDB
@testable import GetDiced

/// Small catalogs shaped like the bundled `cards_initial.db`: user_version 0, the
/// cards, folders, folder_cards, user_cards and relationship tables, no deck tables.
enum TestCatalog {
    /// The time every test database is stamped with.
    static let now: Int64 = 1_700_000_123_456
    static let clock: @Sendable () -> Int64 = { now }

    /// A 32-hex-digit id, like the catalog's.
    static func id(_ number: Int) -> String {
        let hex = String(number, radix: 16)
        return String(repeating: "0", count: 32 - hex.count) + hex
    }

    static let entrance = Card(dbUUID: id(1), name: "Grand Entrance", cardType: .entrance, syncedAt: now)
    static let flipGordon = Card(
        dbUUID: id(2), name: "Flip Gordon", cardType: .singleCompetitor, rulesText: "Flips.",
        power: 7, agility: 10, strike: 8, submission: 5, grapple: 7, technique: 9,
        division: "Global", gender: "Male", syncedAt: now)
    static let slashGordon = Card(
        dbUUID: id(3), name: "Slash Gordon (V1)", cardType: .singleCompetitor,
        power: 8, agility: 8, strike: 8, submission: 8, grapple: 8, technique: 8,
        division: "Hardcore", gender: "Male", syncedAt: now)
    static let tornado = Card(dbUUID: id(4), name: "Crypto Currency", cardType: .tornadoCompetitor, syncedAt: now)
    static let trio = Card(dbUUID: id(5), name: "Freak Show", cardType: .trioCompetitor, syncedAt: now)
    static let spectacle = Card(dbUUID: id(6), name: "Calls for the Bell", cardType: .spectacle, tags: "Valiant", syncedAt: now)
    /// Main deck cards 1 to 30, `Move 1` ... `Move 30`; 28-30 are finishes.
    static let mainDeck: [Card] = (1...30).map { number in
        Card(
            dbUUID: id(100 + number), name: "Move \(number)", cardType: .mainDeck,
            rulesText: "Move \(number) text.", deckCardNumber: number,
            attackType: [AttackType.strike, .grapple, .submission][number % 3],
            playOrder: number >= 28 ? .finish : (number % 2 == 0 ? .followup : .lead), syncedAt: now)
    }
    static let gordonFinish = Card(
        dbUUID: id(200), name: "Gordon Gainer", cardType: .mainDeck, deckCardNumber: 29,
        attackType: .strike, playOrder: .finish, syncedAt: now)
    static let twinA = Card(
        dbUUID: id(201), name: "Twin Slam", cardType: .mainDeck, deckCardNumber: 29,
        attackType: .grapple, playOrder: .finish, syncedAt: now)
    static let twinB = Card(
        dbUUID: id(202), name: "Twin Slam", cardType: .mainDeck, deckCardNumber: 29,
        attackType: .grapple, playOrder: .finish, syncedAt: now)
    static let banned = Card(
        dbUUID: id(203), name: "Forbidden Punch", cardType: .mainDeck, isBanned: true, deckCardNumber: 5,
        attackType: .strike, playOrder: .lead, syncedAt: now)
    /// A card of a type nobody knows, with every optional column empty.
    static let mystery = Card(dbUUID: id(204), name: "Mystery Card", cardType: .unknown("MysteryCard"), syncedAt: now)

    static let cards: [Card] =
        [entrance, flipGordon, slashGordon, tornado, trio, spectacle, gordonFinish, twinA, twinB, banned, mystery]
        + mainDeck
    static let relatedFinishes = [
        CardRelatedFinish(cardUUID: flipGordon.dbUUID, finishUUID: gordonFinish.dbUUID),
        CardRelatedFinish(cardUUID: flipGordon.dbUUID, finishUUID: mainDeck[29].dbUUID),
    ]
    static let relatedCards = [
        CardRelatedCard(cardUUID: gordonFinish.dbUUID, relatedUUID: flipGordon.dbUUID),
        CardRelatedCard(cardUUID: slashGordon.dbUUID, relatedUUID: flipGordon.dbUUID),
    ]

    /// Writes a catalog at `path` and returns its path.
    @discardableResult
    static func write(
        to path: String, cards: [Card] = cards, relatedFinishes: [CardRelatedFinish] = relatedFinishes,
        relatedCards: [CardRelatedCard] = relatedCards, userVersion: Int = 0
    ) throws -> String {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: Schema.cards)
            try db.execute(sql: Schema.userCards)
            try db.execute(sql: Schema.folders)
            try db.execute(sql: Schema.relationships)
            for folder in Folder.defaults(createdAt: 1_700_000_000_000) { try folder.insert(db) }
            for card in cards { try card.insert(db) }
            for link in relatedFinishes { try link.insert(db) }
            for link in relatedCards { try link.insert(db) }
            try db.execute(sql: "PRAGMA user_version = \(userVersion)")
        }
        try queue.close()
        return path
    }

    /// Writes a version 1 user database, as the first Android release left it: the
    /// cards and the legacy `user_cards` table, nothing else.
    @discardableResult
    static func writeVersion1(to path: String, userCards: [UserCard], cards: [Card] = cards) throws -> String {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: Schema.cards)
            try db.execute(sql: Schema.userCards)
            for card in cards { try card.insert(db) }
            for entry in userCards { try entry.insert(db) }
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        try queue.close()
        return path
    }

    /// A user database initialised from a fresh test catalog in `directory`.
    static func database(in directory: TemporaryDirectory) throws -> GetDicedDatabase {
        let catalog = try write(to: directory.file("catalog.db"))
        return try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: catalog, clock: clock)
    }

    /// A folder of the test's own with a user database holding a legal Singles deck, and
    /// the database's path: what the tests that run getdiced as a process start from.
    static func databaseWithASinglesDeck() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        try buildSinglesDeck(in: try database(in: directory))
        return (directory, directory.file("user.db"))
    }
}

extension TestCatalog {
    /// A legal Singles deck: entrance, Flip Gordon, Move 1-30, a finish and an alternate.
    @discardableResult
    static func buildSinglesDeck(in database: GetDicedDatabase, named name: String = "Gordon Singles") throws -> Deck {
        let decks = DeckService(database: database)
        let deck = try decks.createDeck(named: name)
        try decks.place(entrance.dbUUID, in: deck.id, slot: .entrance)
        try decks.place(flipGordon.dbUUID, in: deck.id, slot: .competitor)
        for card in mainDeck { try decks.place(card.dbUUID, in: deck.id, slot: .deck) }
        try decks.place(gordonFinish.dbUUID, in: deck.id, slot: .finish)
        try decks.place(spectacle.dbUUID, in: deck.id, slot: .alternate)
        return try decks.deck(deck.id)
    }
}
