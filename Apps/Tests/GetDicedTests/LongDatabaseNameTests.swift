import CommandLineTestSupport
import Foundation
import Testing

/// A database name that fits the file system but not the longer names made beside it
/// (`init`'s copy, SQLite's journal) is refused naming the limit, before anything is made.
@Suite struct LongDatabaseNameTests {
    @Test func aNameTooLongForTheCopyInitMakesBesideItIsRefusedNamingTheLimitNotBlamedOnTheCatalog() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let name = String(repeating: "g", count: 200) + ".db"
        let output = try ToolProcess("getdiced").run(["init", "--catalog", catalog, "--db", directory.file(name)])
        // Before: "… catalog.db is not a usable card catalog: it cannot be opened (not an error)."
        #expect(output.status != 0)
        #expect(output.stderr.contains("The database's file name is 203 bytes long, and getdiced makes a new database beside it"),
                "\(output.stderr)")
        #expect(output.stderr.contains("Give --db a name of at most"), "\(output.stderr)")
        #expect(!output.stderr.contains("catalog"), "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["catalog.db"])
    }
}
