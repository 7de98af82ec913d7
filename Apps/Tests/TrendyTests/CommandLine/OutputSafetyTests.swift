import CommandLineTestSupport
import Foundation
import Testing

/// Where trendy's output goes: a full disk on standard output is an error, `--output`
/// writes ordinary files only (through a link, never over a pipe), and errors are JSON
/// with `--json`.
@Suite("trendy output safety")
struct OutputSafetyTests {
    /// A store with one type and one event.
    static func logged() throws -> TrendyProcess {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("log", "Water", "--at", "2026-03-02 08:00")
        return tool
    }

    func run(_ tool: TrendyProcess, _ arguments: [String], standardOutput: FileHandle? = nil) throws -> ToolProcess.Output {
        try ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
            .run(arguments + ["--store", tool.store], standardOutput: standardOutput)
    }

    @Test func anExportToAFullDiskOnStandardOutputFails() throws {
        let tool = try Self.logged()
        let full = try #require(OutputTarget.full())
        let export = try run(tool, ["export"], standardOutput: full)
        #expect(export.status != 0)
        #expect(export.stderr.contains("could not write the output"))
    }

    @Test func anExportRefusesAPipeAndLeavesItAPipe() throws {
        let tool = try Self.logged()
        let fifo = tool.file("pipe")
        try #require(OutputTarget.makeFIFO(at: fifo))
        let export = try run(tool, ["export", "--output", fifo])
        #expect(export.status != 0)
        #expect(export.stderr.contains("is a pipe (FIFO), not a file"))
        #expect(OutputTarget.isFIFO(fifo))
    }

    @Test func errorsAreJSONOnStandardErrorWithTheJSONFlag() throws {
        let tool = try TrendyProcess()
        let list = try run(tool, ["list", "--json"])
        #expect(list.status != 0)
        #expect(list.stdout.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(list.stderr.utf8)) as? [String: Any]
        #expect((object?["error"] as? String)?.contains("There is no store") == true)
    }

    @Test func anExportThroughALinkWritesTheFileItNames() throws {
        let tool = try Self.logged()
        let target = tool.file("events.json"), link = tool.file("latest.json")
        try Data().write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let export = try run(tool, ["export", "--output", link, "--force"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(OutputTarget.isLink(link))
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Water"))
    }
}
