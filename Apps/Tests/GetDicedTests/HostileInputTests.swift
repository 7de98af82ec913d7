import CommandLineTestSupport
import Foundation
import GRDB
import Testing
@testable import GetDiced

/// What the second hostile pass over getdiced found: files that are not ordinary files,
/// database paths that cannot be one, a read-only database and a failed validation are
/// each told in words, once.
@Suite("getdiced under hostile input")
struct HostileInputTests {
    let directory: TemporaryDirectory
    let cli = GetDicedProcess()
    let database: String

    init() throws {
        (directory, database) = try TestCatalog.databaseWithASinglesDeck()
    }

    func expectRefused(_ arguments: [String], says words: String) throws {
        let input = BadInput(words, arguments, says: words)
        let getdiced = ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil])
        #expect(try Refusal.problems(running: getdiced, arguments, for: input, store: database) == [])
    }

    @Test func aQuantityOverTheLargestIsRefusedAsAUsageErrorInTheWordsOfOneBelowOne() throws {
        for quantity in ["0", "1000000", "9223372036854775807"] {
            let output = try cli.run(["folder", "add", "Owned", "Flip Gordon", "--quantity", quantity, "--db", database])
            #expect(output.status == 64, "\(quantity): \(output.stderr)")
            #expect(output.stderr.contains("--quantity must be from 1 to 999999 (got \(quantity))."), "\(quantity): \(output.stderr)")
        }
    }

    @Test func initAndSyncFromAFIFOAreRefusedNotWaitedOn() throws {
        let fifo = directory.file("pipe.db")
        #expect(OutputTarget.makeFIFO(at: fifo))
        try expectRefused(["init", "--catalog", fifo, "--db", directory.file("new.db")], says: "is a pipe (FIFO), not a catalog")
        try expectRefused(["sync", "--catalog", fifo, "--db", database], says: "is a pipe (FIFO), not a catalog")
        #expect(!FileManager.default.fileExists(atPath: directory.file("new.db")))
    }

    @Test func anEmptyOrFolderDatabasePathIsRefusedInWords() throws {
        let catalog = try TestCatalog.write(to: directory.file("one-card.db"), cards: [TestCatalog.flipGordon],
                                            relatedFinishes: [], relatedCards: [])
        try expectRefused(["init", "--catalog", catalog, "--db", ""], says: "The --db path is empty")
        try expectRefused(["init", "--catalog", catalog, "--db", "", "--json"], says: "The --db path is empty")
        try expectRefused(["init", "--catalog", catalog, "--db", directory.path], says: "is a folder, not a Get Diced database")
        try expectRefused(["folder", "list", "--db", directory.path], says: "is a folder, not a Get Diced database")
    }

    /// Were "No Get Diced database at …; create one with `getdiced init`" and then, from
    /// `init`, "A database already exists at …", each sending the user to the other.
    @Test func aDatabasePathThatIsALinkToNowhereOrAnEmptyFileIsNamedSoByEveryCommand() throws {
        let catalog = try TestCatalog.write(to: directory.file("one-card.db"), cards: [TestCatalog.flipGordon],
                                            relatedFinishes: [], relatedCards: [])
        let dangling = directory.file("dangling.db"), looping = directory.file("looping.db"), empty = directory.file("empty.db")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: directory.file("nowhere/x.db"))
        try FileManager.default.createSymbolicLink(atPath: looping, withDestinationPath: looping)
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        for command in [["folder", "list"], ["init", "--catalog", catalog]] {
            try expectRefused(command + ["--db", dangling], says: "is a symbolic link to")
            try expectRefused(command + ["--db", looping], says: "is a symbolic link that leads back to itself")
            try expectRefused(command + ["--db", empty], says: "is an empty file, not a Get Diced database")
        }
    }

    /// Was "… is not a Get Diced database: the database is corrupt.", with no advice.
    @Test func aDatabaseCutShortIsCalledDamagedWithWhatToDo() throws {
        let cut = directory.file("cut.db")
        let whole = try Data(contentsOf: URL(fileURLWithPath: database))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        try expectRefused(["search", "gordon", "--db", cut], says: "is damaged")
        let output = try cli.run(["search", "gordon", "--db", cut])
        #expect(output.stderr.contains("Put back a copy"), "\(output.stderr)")
    }

    @Test func aValidationThatFindsViolationsExitsNonZeroAndSaysSoOnce() throws {
        #expect(try cli.run(["deck", "create", "Empty", "--folder", "singles", "--db", database]).status == 0)
        let text = try cli.run(["deck", "validate", "Empty", "--db", database])
        #expect(text.status != 0)
        #expect(text.stdout.contains("breaks"), "\(text.stdout)")
        #expect(text.stderr.isEmpty, "\(text.stderr)")
        let json = try cli.run(["deck", "validate", "Empty", "--json", "--db", database])
        #expect(json.status != 0)
        #expect(json.stdout.contains("\"valid\" : false") || json.stdout.contains("\"valid\": false"), "\(json.stdout)")
        #expect(json.stderr.isEmpty, "\(json.stderr)")
    }

    @Test func aWriteToAReadOnlyDatabaseSaysItIsReadOnlyNotSQL() throws {
        // Opened read-only as a user without write permission would have it (the tests may run as root).
        var configuration = Configuration()
        configuration.readonly = true
        let readOnly = try DatabaseQueue(path: database, configuration: configuration)
        let error = try #require(throws: DatabaseError.self) {
            try readOnly.writeWithoutTransaction { try $0.execute(sql: "CREATE TABLE zq (x)") }
        }
        let message = "\(DatabaseErrorWords.explaining(error, databasePath: database))"
        #expect(message.contains("\(database): it is read-only"), "\(message)")
        #expect(message.contains("nothing was changed"), "\(message)")
        #expect(InternalWords.found(in: message).isEmpty, "\(message)")
        #expect(!message.contains("readonly database"), "\(message)")
    }

    @Test func aNegativeSlotNumberIsRefusedByItsRangeNotTakenForAnOption() throws {
        let output = try cli.run(["deck", "add", "Gordon Singles", "Flip Gordon", "--slot", "deck", "--number", "-1", "--db", database])
        #expect(output.status != 0)
        #expect(!output.stderr.contains("Missing value"), "\(output.stderr)")
        let limit = try cli.run(["search", "Gordon", "--limit", "-5", "--db", database])
        #expect(limit.status != 0)
        #expect(limit.stderr.contains("limit must be at least 1"), "\(limit.stderr)")
    }

    @Test func aDeckListNameOverFourThousandCharactersIsRefusedNamingItsLine() throws {
        let list = directory.file("long.txt")
        try "Name: \(String(repeating: "N", count: 1_000_000))\nFormat: Singles\n".write(toFile: list, atomically: true, encoding: .utf8)
        try expectRefused(["deck", "import", list, "--db", database], says: "line 1: the value of 'Name:' is 1000000 characters long")
    }

    @Test func aJSONFileGivenToDeckImportIsNamedAsJSONNotByItsFirstLine() throws {
        let export = directory.file("cards.json")
        try #"{"exportDate": "2026-01-01T00:00:00Z", "version": "1", "cards": []}"#.write(toFile: export, atomically: true, encoding: .utf8)
        try expectRefused(["deck", "import", export, "--db", database],
                          says: "it is a CardShow Pro export (a JSON file), not a Get Diced deck list: import it with `cardshow import FILE`")
        let other = directory.file("list.json")
        try #"[{"name": "Flip Gordon"}]"#.write(toFile: other, atomically: true, encoding: .utf8)
        try expectRefused(["deck", "import", other, "--db", database], says: "it looks like a JSON file (it begins with \"[\"), not a Get Diced deck list")
    }
}
