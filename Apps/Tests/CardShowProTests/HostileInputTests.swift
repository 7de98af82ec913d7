import CommandLineTestSupport
import Foundation
import Testing

/// What the second hostile pass over cardshow found: each input is refused in the user's
/// words, and nothing already saved is lost.
@Suite("cardshow under hostile input")
struct HostileInputTests {
    /// A demo store in a folder of its own.
    static func demo() throws -> (TemporaryDirectory, CardShowProcess, String) {
        let directory = try TemporaryDirectory()
        let tool = CardShowProcess(dataHome: directory.url)
        let store = directory.file("cs.store").path
        let made = try tool.run(["demo", "--store", store])
        #expect(made.status == 0, "\(made.stderr)")
        return (directory, tool, store)
    }

    func expectRefused(_ tool: CardShowProcess, _ arguments: [String], says words: String, store: String) throws {
        let cardshow = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": tool.dataHome.path])
        let input = BadInput(words, arguments, says: words)
        #expect(try Refusal.problems(running: cardshow, arguments + ["--store", store], for: input, store: store) == [])
    }

    @Test func anExportOntoTheStoreItselfIsRefusedAndTheStoreIsKept() throws {
        let (directory, tool, store) = try Self.demo()
        _ = directory
        try expectRefused(tool, ["export", "--format", "json", "--output", store], says: "would replace the store", store: store)
        try expectRefused(tool, ["export", "--format", "csv", "--output", store + "-wal"], says: "would replace the store", store: store)
        try expectRefused(tool, ["backup", "--output", store + "-shm"], says: "would replace the store", store: store)
        #expect(try tool.run(["card", "list", "--store", store]).status == 0)
    }

    @Test func aDateThatIsNotRealIsRefusedSayingWhatADateLooksLike() throws {
        let (directory, tool, store) = try Self.demo()
        _ = directory
        try expectRefused(tool, ["card", "add", "--name", "Mew", "--set", "Base", "--number", "1", "--value", "5",
                                 "--acquired", "2026-02-30"], says: "is not a real date and time", store: store)
        try expectRefused(tool, ["event", "create", "--name", "Show", "--date", "2026-03-01 24:00"],
                          says: "check the month, day, hour and minute", store: store)
    }

    @Test func aRestoreFromAFIFOIsRefusedNotWaitedOn() throws {
        let (directory, tool, store) = try Self.demo()
        let fifo = directory.file("pipe").path
        #expect(OutputTarget.makeFIFO(at: fifo))
        try expectRefused(tool, ["restore", fifo], says: "is a pipe (FIFO), not a backup", store: store)
    }

    @Test func anImportOfAFolderAFIFOOrADeviceIsRefusedInWords() throws {
        let (directory, tool, store) = try Self.demo()
        let folder = directory.file("cards.json").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fifo = directory.file("pipe.json").path
        #expect(OutputTarget.makeFIFO(at: fifo))
        try expectRefused(tool, ["import", folder], says: "is a folder, not a file to import", store: store)
        try expectRefused(tool, ["import", fifo], says: "is a pipe (FIFO), not a file to import", store: store)
        try expectRefused(tool, ["import", "/dev/null", "--format", "json"], says: "is a device, not a file to import", store: store)
    }

    @Test func aRestoreOfAFolderOrAHalfTruncatedStoreIsRefusedInWords() throws {
        let (directory, tool, store) = try Self.demo()
        let backup = directory.file("copy.backup").path
        #expect(try tool.run(["backup", "--output", backup, "--store", store]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        let truncated = directory.file("half.backup").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        try expectRefused(tool, ["restore", directory.url.path], says: "is a folder, not a backup", store: store)
        let restore = try tool.run(["restore", truncated, "--store", store])
        #expect(restore.status != 0)
        #expect(restore.stderr.contains("is damaged"), "\(restore.stderr)")
        #expect(!restore.stderr.contains("malformed") && !restore.stderr.contains("disk I/O"), "\(restore.stderr)")
    }

    @Test func aNegativeNumberIsTheOptionsValueNotAnOption() throws {
        let (directory, tool, store) = try Self.demo()
        _ = directory
        try expectRefused(tool, ["card", "list", "--limit", "-1"], says: "limit", store: store)
        let output = try tool.run(["card", "list", "--offset", "-2", "--store", store])
        #expect(!output.stderr.contains("Missing value"), "\(output.stderr)")
    }
}
