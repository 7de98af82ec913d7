import CommandLineTestSupport
import Foundation
import GRDB
import Testing
@testable import GetDiced

/// A catalog another program wrote with a card missing a value every card has, or with a
/// value of another kind (text for a power, bytes for a name), is refused by `init` and
/// `sync --catalog` naming the card and the column, and nothing is made or changed: `init`
/// made a database from one whose every search then failed, `sync` read text in a number
/// column as 0 and bytes as an empty name, and a missing value was refused in GRDB's words
/// ("could not decode String from database value NULL - column: …").
@Suite("getdiced given a catalog with values of another kind")
struct CatalogValueKindTests {
    let directory: TemporaryDirectory
    let cli = GetDicedProcess()
    let database: String

    init() throws {
        (directory, database) = try TestCatalog.databaseWithASinglesDeck()
    }

    /// A catalog of the test cards whose table lets any column hold anything, with `sql` run on it.
    func catalog(_ sql: String) throws -> String {
        let path = directory.file("odd-catalog.db")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: Schema.cards.replacingOccurrences(of: " NOT NULL", with: ""))
            for card in TestCatalog.cards { try card.insert(db) }
            try db.execute(sql: sql)
        }
        try queue.close()
        return path
    }

    /// `init` of the catalog at `path` makes no database, and `sync --catalog` leaves the
    /// database as it was, both saying `says` in the user's words.
    func expectRefusedByInitAndSync(_ path: String, saying says: String) throws {
        let fresh = directory.file("fresh.db")
        let initialised = try cli.run(["init", "--catalog", path, "--db", fresh])
        #expect(initialised.status == 1, "\(initialised.status) \(initialised.stdout) \(initialised.stderr)")
        #expect(initialised.stderr.contains("is not a usable card catalog: \(says)"), "\(initialised.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh))

        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let synced = try cli.run(["sync", "--catalog", path, "--db", database])
        #expect(synced.status == 1, "\(synced.status) \(synced.stdout) \(synced.stderr)")
        #expect(synced.stderr.contains("is not a usable card catalog: \(says)"), "\(synced.stderr)")
        #expect(InternalWords.found(in: synced.stderr).isEmpty, "\(synced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    static let cases: [(sql: String, says: String)] = [
        ("UPDATE cards SET name = NULL WHERE db_uuid = '\(TestCatalog.flipGordon.dbUUID)'",
         "the card \"\(TestCatalog.flipGordon.dbUUID)\" has no name (it is NULL), which every card needs"),
        ("UPDATE cards SET power = 'strong' WHERE db_uuid = '\(TestCatalog.flipGordon.dbUUID)'",
         "the card \"\(TestCatalog.flipGordon.dbUUID)\" has \"strong\" as its power, where a whole number belongs"),
        ("UPDATE cards SET name = x'00ff41' WHERE db_uuid = '\(TestCatalog.flipGordon.dbUUID)'",
         "the card \"\(TestCatalog.flipGordon.dbUUID)\" has 3 bytes of binary data as its name, where text belongs"),
    ]

    @Test(arguments: cases)
    func aCatalogCardWithAValueOfAnotherKindIsRefusedByInitAndSyncNamingItNotReadAsZeroOrEmpty(sql: String, says: String) throws {
        try expectRefusedByInitAndSync(try catalog(sql), saying: says)
    }

    static let untypableNames: [(sql: String, says: String)] = [
        ("UPDATE cards SET name = '  ' WHERE db_uuid = '\(TestCatalog.flipGordon.dbUUID)'",
         "the card \"\(TestCatalog.flipGordon.dbUUID)\" has an empty name, which every card needs"),
        ("UPDATE cards SET name = ' Flip Gordon' WHERE db_uuid = '\(TestCatalog.flipGordon.dbUUID)'",
         "the card \"\(TestCatalog.flipGordon.dbUUID)\" has the name \" Flip Gordon\", which starts or ends with a space no one could type"),
    ]

    /// `show` and the folder and deck commands take a name without the spaces around it, so
    /// such a card was listed by `search` and found by no command that names it.
    @Test(arguments: untypableNames)
    func aCatalogCardWithAnEmptyOrSpacePaddedNameIsRefusedByInitAndSync(sql: String, says: String) throws {
        try expectRefusedByInitAndSync(try catalog(sql), saying: says)
    }

    /// One card's id on two cards of a catalog another program wrote: `sync --catalog` refused
    /// it, where `init` made a database of it in which `show` of that id said no card has it
    /// and `search` listed the card twice.
    @Test func aCatalogWithOneCardIdOnTwoCardsIsRefusedByInitAsBySync() throws {
        let id = TestCatalog.flipGordon.dbUUID
        let path = directory.file("twice-catalog.db")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: Schema.cards.replacingOccurrences(of: " PRIMARY KEY", with: ""))
            for card in TestCatalog.cards { try card.insert(db) }
            try db.execute(sql: "INSERT INTO cards SELECT * FROM cards WHERE db_uuid = '\(id)'")
        }
        try queue.close()
        let fresh = directory.file("fresh.db")
        let initialised = try cli.run(["init", "--catalog", path, "--db", fresh])
        #expect(initialised.status == 1, "\(initialised.status) \(initialised.stdout) \(initialised.stderr)")
        #expect(initialised.stderr.contains("is not a usable card catalog: card id \(id) appears twice"), "\(initialised.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }
}
