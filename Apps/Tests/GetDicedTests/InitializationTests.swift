import ChildProcessSupport
import Foundation
import GRDB
import Testing
@testable import GetDiced

@Suite("Initialising a user database from a catalog")
struct InitializationTests {
    @Test func copiesEveryCardAndRelationshipFromTheCatalog() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let summary = try database.summary()
        #expect(summary.cards == TestCatalog.cards.count)
        #expect(summary.relatedFinishes == TestCatalog.relatedFinishes.count)
        #expect(summary.relatedCards == TestCatalog.relatedCards.count)
        #expect(try database.card(uuid: TestCatalog.flipGordon.dbUUID) == TestCatalog.flipGordon)
    }

    @Test func createsDefaultFoldersDeckFoldersAndVersion4() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let summary = try database.summary()
        #expect(summary.folders == 3)
        #expect(summary.deckFolders == 4)
        #expect(summary.decks == 0)
        #expect(summary.folderCards == 0)
        #expect(summary.userVersion == 4)
        let deckFolders = try DeckService(database: database).deckFolders()
        #expect(deckFolders.map(\.id) == ["singles", "tornado", "trios", "tag"])
        #expect(deckFolders.filter { !$0.isDefault }.isEmpty)
    }

    @Test func reportsTheStepsFromTheCatalogsVersion0() throws {
        let directory = try TemporaryDirectory()
        let report = try TestCatalog.database(in: directory).migrationReport
        #expect(report.fromVersion == 0)
        #expect(report.toVersion == 4)
    }

    @Test func createsTheDeckTablesTheCatalogLacks() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let tables = try database.read { db in
            try ["deck_folders", "decks", "deck_cards"].filter { try db.tableExists($0) }
        }
        #expect(tables == ["deck_folders", "decks", "deck_cards"])
    }

    @Test func theCopyAKilledInitLeftIsRemovedByTheNextAndOneStillBeingMadeIsKept() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let ended = ChildProcess()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let killed = "user.db.partial-\(ended.processIdentifier)-\(UUID().uuidString)"
        let running = "user.db.partial-\(getpid())-\(UUID().uuidString)"
        for name in [killed, killed + "-journal", running] {
            #expect(FileManager.default.createFile(atPath: directory.file(name), contents: Data("partial".utf8)))
        }
        _ = try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: catalog)
        #expect(try directory.contents().filter { $0.contains(".partial-") } == [running])
    }

    @Test func leavesTheCatalogFileUnchanged() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let before = try Data(contentsOf: URL(fileURLWithPath: catalog))
        _ = try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: catalog)
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == before)
    }

    @Test func addsDefaultFoldersWhenTheCatalogHasNone() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let queue = try DatabaseQueue(path: catalog)
        try queue.write { try $0.execute(sql: "DELETE FROM folders") }
        try queue.close()
        let database = try GetDicedDatabase.initialize(
            at: directory.file("user.db"), fromCatalog: catalog, clock: TestCatalog.clock)
        let folders = try FolderService(database: database).folders().map(\.folder)
        #expect(folders.map(\.id) == ["owned", "wanted", "trade"])
        #expect(folders.allSatisfy { $0.createdAt == TestCatalog.now })
    }

    @Test func createsMissingParentDirectories() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let path = directory.file("a/b/getdiced.db")
        _ = try GetDicedDatabase.initialize(at: path, fromCatalog: catalog)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func opensAnInitialisedDatabaseWithoutChangingIt() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        try FolderService(database: database).createFolder(named: "Binder")
        let reopened = try GetDicedDatabase.open(at: database.path)
        #expect(reopened.migrationReport.wasCurrent)
        #expect(try reopened.summary() == database.summary())
    }

    @Test func refusesToOverwriteAnExistingDatabase() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        try FolderService(database: database).createFolder(named: "Binder")
        #expect(throws: GetDicedError.databaseAlreadyExists(path: database.path)) {
            try GetDicedDatabase.initialize(at: database.path, fromCatalog: directory.file("catalog.db"))
        }
        #expect(try FolderService(database: database).folder("Binder").name == "Binder")
    }

    @Test func rejectsAFileThatIsNotADatabaseAndLeavesNothingBehind() throws {
        let directory = try TemporaryDirectory()
        let notes = directory.file("notes.txt")
        try "just some text, long enough to look like a header".write(toFile: notes, atomically: true, encoding: .utf8)
        #expect(throws: GetDicedError.invalidCatalog(path: notes, reason: "it is not an SQLite database")) {
            try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: notes)
        }
        #expect(try directory.contents() == ["notes.txt"])
    }

    @Test func rejectsAMissingCatalog() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("nowhere.db")
        #expect(throws: GetDicedError.catalogNotFound(path: missing)) {
            try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: missing)
        }
    }

    @Test func rejectsADatabaseWithoutACardsTable() throws {
        let directory = try TemporaryDirectory()
        let other = directory.file("other.db")
        let queue = try DatabaseQueue(path: other)
        try queue.write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
        try queue.close()
        #expect(throws: GetDicedError.invalidCatalog(path: other, reason: "it has no cards table")) {
            try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: other)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("user.db")))
    }

    @Test func rejectsACardsTableMissingColumns() throws {
        let directory = try TemporaryDirectory()
        let other = directory.file("other.db")
        let queue = try DatabaseQueue(path: other)
        try queue.write { try $0.execute(sql: "CREATE TABLE cards (db_uuid TEXT PRIMARY KEY, name TEXT)") }
        try queue.close()
        #expect {
            try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: other)
        } throws: { error in
            guard case .invalidCatalog(_, let reason) = error as? GetDicedError else { return false }
            return reason.contains("card_type") && reason.contains("synced_at")
        }
    }

    @Test func rejectsAnEmptyCatalog() throws {
        let directory = try TemporaryDirectory()
        let empty = try TestCatalog.write(to: directory.file("empty.db"), cards: [], relatedFinishes: [], relatedCards: [])
        #expect(throws: GetDicedError.invalidCatalog(path: empty, reason: "its cards table is empty")) {
            try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: empty)
        }
    }

    @Test func openingAMissingDatabaseSaysHowToCreateOne() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("user.db")
        #expect(throws: GetDicedError.databaseNotFound(path: path)) { try GetDicedDatabase.open(at: path) }
        #expect(GetDicedError.databaseNotFound(path: path).description.contains("getdiced init --catalog PATH"))
        #expect(try directory.contents().isEmpty)
    }

    @Test func openingAFileThatIsNotADatabaseLeavesItUntouched() throws {
        let directory = try TemporaryDirectory()
        let notes = directory.file("notes.db")
        try "my notes".write(toFile: notes, atomically: true, encoding: .utf8)
        #expect(throws: GetDicedError.notAUserDatabase(path: notes, reason: "it is not an SQLite database")) {
            try GetDicedDatabase.open(at: notes)
        }
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes")
        #expect(try directory.contents() == ["notes.db"])
    }

    @Test func refusesADatabaseNewerThanVersion4() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        try database.write { try $0.execute(sql: "PRAGMA user_version = 5") }
        #expect(throws: GetDicedError.unsupportedVersion(path: database.path, found: 5, supported: 4)) {
            try GetDicedDatabase.open(at: database.path)
        }
    }

    @Test func aCatalogOfANewerSchemaIsRefusedByNameAndLeavesNoDatabaseBehind() throws {
        let directory = try TemporaryDirectory()
        let newer = try TestCatalog.write(to: directory.file("newer.db"), userVersion: 99)
        #expect {
            try GetDicedDatabase.initialize(at: directory.file("user.db"), fromCatalog: newer)
        } throws: { error in
            guard case .invalidCatalog(let path, let reason) = error as? GetDicedError else { return false }
            return path == newer && reason.contains("schema version 99, newer than this getdiced supports (4)")
        }
        #expect(try directory.contents() == ["newer.db"])
    }

    @Test func keepsForeignKeysOn() throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        #expect(try database.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
    }
}
