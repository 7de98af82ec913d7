import Foundation
import Testing

/// `init --db g` in the current folder: a one-character name, which Foundation's
/// `deletingLastPathComponent` traps on (on Linux), ended the program.
@Suite struct OneCharacterDatabaseNameTests {
    @Test func aDatabaseWithAOneCharacterNameInTheCurrentFolderIsMadeNotATrap() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let executable = try #require(GetDicedProcess.executable)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["init", "--catalog", catalog, "--db", "g"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(FileManager.default.fileExists(atPath: directory.file("g")))
    }
}
