import CommandLineTestSupport
import Foundation
import Testing

/// A database named `file:…` in the current folder: SQLite reads such a name as a URI, so
/// `init` failed leaving its partial copy behind, and `search` opened, and made, `g.db`.
@Suite struct FileColonDatabaseNameTests {
    @Test func aDatabaseNamedFileColonIsMadeUnderThatName() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        var getdiced = ToolProcess("getdiced")
        getdiced.currentDirectory = URL(fileURLWithPath: directory.path)
        let output = try getdiced.run(["init", "--catalog", catalog, "--db", "file:g.db"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.file("file:g.db")))
        #expect(!FileManager.default.fileExists(atPath: directory.file("g.db")))
        let search = try getdiced.run(["search", "gordon", "--db", "file:g.db"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("g.db")))
    }

    @Test func aCatalogNamedFileColonIsRead() throws {
        let directory = try TemporaryDirectory()
        _ = try TestCatalog.write(to: directory.file("file:catalog.db"))
        var getdiced = ToolProcess("getdiced")
        getdiced.currentDirectory = URL(fileURLWithPath: directory.path)
        let output = try getdiced.run(["init", "--catalog", "file:catalog.db", "--db", "g.db"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.file("g.db")))
    }
}
