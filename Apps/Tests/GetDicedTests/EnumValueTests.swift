import Foundation
import GRDB
import Testing
@testable import GetDiced

@Suite("Enum values match the strings in the database")
struct EnumValueTests {
    @Test func spectacleTypesAreNewmanAndValiant() {
        #expect(SpectacleType.newman.rawValue == "NEWMAN")
        #expect(SpectacleType.valiant.rawValue == "VALIANT")
    }

    @Test func slotTypesAreTheSeedsUppercaseNames() {
        #expect(SlotType.knownCases.map(\.rawValue) == ["ENTRANCE", "COMPETITOR", "DECK", "FINISH", "ALTERNATE"])
    }

    @Test func cardTypesIncludeBothSeedAndCatalogSpellings() {
        let raw = Set(CardType.knownCases.map(\.rawValue))
        #expect(raw.isSuperset(of: [
            "MainDeckCard", "SingleCompetitorCard", "TornadoCompetitorCard", "TriosCompetitorCard",
            "TagCompetitorCard", "EntranceCard", "FinishCard", "TrioCompetitorCard", "SpectacleCard",
        ]))
    }

    @Test func attackTypesAndPlayOrdersAreTheCatalogsWords() {
        #expect(AttackType.knownCases.map(\.rawValue) == ["Strike", "Grapple", "Submission"])
        #expect(PlayOrder.knownCases.map(\.rawValue) == ["Lead", "Followup", "Finish"])
    }

    @Test func everyKnownRawValueReadsBackAsItsCase() {
        #expect(CardType.knownCases.allSatisfy { CardType(rawValue: $0.rawValue) == $0 })
        #expect(AttackType.knownCases.allSatisfy { AttackType(rawValue: $0.rawValue) == $0 })
        #expect(PlayOrder.knownCases.allSatisfy { PlayOrder(rawValue: $0.rawValue) == $0 })
        #expect(SlotType.knownCases.allSatisfy { SlotType(rawValue: $0.rawValue) == $0 })
        #expect(SpectacleType.knownCases.allSatisfy { SpectacleType(rawValue: $0.rawValue) == $0 })
    }

    @Test func unknownValuesAreKeptNotRejected() {
        #expect(CardType(rawValue: "HologramCard") == .unknown("HologramCard"))
        #expect(CardType(rawValue: "HologramCard").rawValue == "HologramCard")
        #expect(!CardType(rawValue: "HologramCard").isKnown)
        #expect(SpectacleType(rawValue: "ROYAL").rawValue == "ROYAL")
        #expect(SlotType(rawValue: "SIDEBOARD").rawValue == "SIDEBOARD")
    }

    @Test func aSpectacleTypeIsStoredAsItsUppercaseString() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let deck = try DeckService(database: database).createDeck(named: "Test", spectacleType: .newman)
        let stored = try database.read {
            try String.fetchOne($0, sql: "SELECT spectacle_type FROM decks WHERE id = ?", arguments: [deck.id])
        }
        #expect(stored == "NEWMAN")
    }

    @Test func aSlotTypeIsStoredAsItsUppercaseString() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let deck = try DeckService(database: database).createDeck(named: "Test")
        try DeckService(database: database).place(TestCatalog.flipGordon.dbUUID, in: deck.id, slot: .competitor)
        let stored = try database.read { try String.fetchAll($0, sql: "SELECT slot_type FROM deck_cards") }
        #expect(stored == ["COMPETITOR"])
    }

    @Test func unknownValuesSurviveADatabaseRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO decks (id, folder_id, name, spectacle_type, created_at, modified_at)
                VALUES ('d', 'singles', 'Odd', 'ROYAL', 0, 0);
                INSERT INTO deck_cards (deck_id, card_uuid, slot_type, slot_number)
                VALUES ('d', ?, 'SIDEBOARD', 0);
                """, arguments: [TestCatalog.mystery.dbUUID])
        }
        let deck = try DeckService(database: database).deck("d")
        let slot = try database.read { try DeckCard.fetchOne($0) }
        let card = try #require(try database.card(uuid: TestCatalog.mystery.dbUUID))
        #expect(deck.spectacleType == .unknown("ROYAL"))
        #expect(slot?.slotType == .unknown("SIDEBOARD"))
        #expect(card.cardType == .unknown("MysteryCard"))

        try database.write { db in
            var copy = card
            copy.dbUUID = "copy"
            try copy.insert(db)
            try deck.update(db)
        }
        let raw = try database.read { db in
            [try String.fetchOne(db, sql: "SELECT card_type FROM cards WHERE db_uuid = 'copy'"),
             try String.fetchOne(db, sql: "SELECT spectacle_type FROM decks WHERE id = 'd'")]
        }
        #expect(raw == ["MysteryCard", "ROYAL"])
    }

    @Test func userInputMatchesKnownValuesIgnoringCase() {
        #expect(SlotType.matching("competitor") == .competitor)
        #expect(SpectacleType.matching("Newman") == .newman)
        #expect(CardType.matching("maindeckcard") == .mainDeck)
        #expect(SlotType.matching("bench") == nil)
    }
}

@Suite("Optional columns")
struct NullHandlingTests {
    @Test func missingValuesReadAsNil() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let card = try #require(try database.card(uuid: TestCatalog.mystery.dbUUID))
        #expect(card.rulesText == nil)
        #expect(card.power == nil)
        #expect(card.deckCardNumber == nil)
        #expect(card.attackType == nil)
        #expect(card.playOrder == nil)
        #expect(card.division == nil)
    }

    @Test func nilIsStoredAsNullNotAsAnEmptyString() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let types = try database.read { db in
            try Row.fetchOne(db, sql: "SELECT typeof(rules_text) AS r, typeof(power) AS p, typeof(atk_type) AS a FROM cards WHERE db_uuid = ?",
                             arguments: [TestCatalog.mystery.dbUUID])
        }
        #expect(types?["r"] as String? == "null")
        #expect(types?["p"] as String? == "null")
        #expect(types?["a"] as String? == "null")
    }

    @Test func emptyStringsStayEmptyStrings() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        var card = TestCatalog.mystery
        card.dbUUID = "empty"
        card.tags = ""
        card.division = ""
        try database.write { try card.insert($0) }
        let read = try #require(try database.card(uuid: "empty"))
        #expect(read.tags == "")
        #expect(read.division == "")
    }

    @Test func competitorStatsAreReadWhenPresent() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let card = try #require(try database.card(uuid: TestCatalog.flipGordon.dbUUID))
        #expect([card.power, card.agility, card.strike, card.submission, card.grapple, card.technique] == [7, 10, 8, 5, 7, 9])
    }

    @Test func jsonHasEveryColumnWithNullForMissingValues() throws {
        let data = try JSONEncoder().encode(TestCatalog.mystery)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == Set(Card.CodingKeys.allCases.map(\.rawValue)))
        #expect(object["db_uuid"] as? String == TestCatalog.mystery.dbUUID)
        #expect(object["card_type"] as? String == "MysteryCard")
        #expect(object["power"] is NSNull)
    }
}
