import CommandLineTestSupport
import Foundation
import Testing

/// `init --db g` in the current folder: a one-character name, which Foundation's
/// `deletingLastPathComponent` traps on (on Linux), ended the program.
@Suite struct OneCharacterDatabaseNameTests {
    @Test func aDatabaseWithAOneCharacterNameInTheCurrentFolderIsMadeNotATrap() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        var getdiced = ToolProcess("getdiced")
        getdiced.currentDirectory = URL(fileURLWithPath: directory.path)
        let output = try getdiced.run(["init", "--catalog", catalog, "--db", "g"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.file("g")))
    }
}
