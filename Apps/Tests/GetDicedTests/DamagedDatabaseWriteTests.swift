import Foundation
import GRDB
import Testing
@testable import GetDiced

/// A database with a damaged page that a command itself would not read is still not
/// written further: the first write of each opening checks the whole file.
@Suite("Writing to a database with a damaged page")
struct DamagedDatabaseWriteTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        path = database.path
        // Rows in a table no command reads (as a newer version might add one), so that
        // the damage below lies on pages that `folder add` never visits.
        try database.writer.write { db in
            try db.execute(sql: "CREATE TABLE later_notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            for index in 0..<1_500 {
                try db.execute(
                    sql: "INSERT INTO later_notes (body) VALUES (?)",
                    arguments: ["note \(index) " + String(repeating: "x", count: 80)])
            }
        }
        try database.writer.close()
    }

    /// Overwrites 16 KiB in the middle of the file, where the notes' pages are.
    func damage() throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0x13, count: 16_384))
        try handle.close()
    }

    @Test func theFirstWriteToADamagedDatabaseIsRefusedAndTheFileIsUnchanged() throws {
        try damage()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let database = try GetDicedDatabase.open(at: path, clock: TestCatalog.clock)
        #expect(throws: GetDicedError.damagedDatabase(path: path)) {
            try FolderService(database: database).add([TestCatalog.flipGordon.dbUUID], quantity: 1, to: "Owned")
        }
        try database.writer.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func theRefusalNamesTheFileAndTheWaysOut() {
        let message = GetDicedError.damagedDatabase(path: "/data/getdiced.db").description
        #expect(message.contains("/data/getdiced.db is damaged"))
        #expect(message.contains("nothing was changed"))
        #expect(message.contains("from a backup"))
        #expect(message.contains("getdiced init --catalog"))
    }

    @Test func aSoundDatabaseTakesItsFirstAndLaterWrites() throws {
        let database = try GetDicedDatabase.open(at: path, clock: TestCatalog.clock)
        let folders = FolderService(database: database)
        try folders.add([TestCatalog.flipGordon.dbUUID], quantity: 1, to: "Owned")
        try folders.add([TestCatalog.flipGordon.dbUUID], quantity: 2, to: "Owned")
        let copies = try database.read {
            try Int.fetchOne($0, sql: "SELECT quantity FROM folder_cards WHERE folder_id = 'owned' AND card_uuid = ?",
                             arguments: [TestCatalog.flipGordon.dbUUID])
        }
        #expect(copies == 3)
    }

    @Test func theToolRefusesToAddToADamagedDatabaseAndChangesNothing() throws {
        try damage()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let add = try GetDicedProcess().run(["folder", "add", "Owned", "Flip Gordon", "--db", path])
        #expect(add.status != 0)
        #expect(add.stderr.contains("is damaged"))
        #expect(add.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
