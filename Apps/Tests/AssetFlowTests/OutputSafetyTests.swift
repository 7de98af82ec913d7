import CommandLineTestSupport
import Foundation
import Testing

/// Where assetflow's output goes: a full disk on standard output is an error, `--output`
/// writes ordinary files only (through a link, never over a pipe), and the engine's
/// errors reach the user in their words (as JSON with `--json`).
@Suite("assetflow output safety")
struct OutputSafetyTests {
    /// A store with one snapshot holding one value.
    static func portfolio() throws -> AssetFlowProcess {
        let tool = try AssetFlowProcess()
        try tool.ok("asset", "add", "World ETF", "--platform", "Broker", "--currency", "USD")
        try tool.ok("snapshot", "create", "2026-03-31")
        try tool.ok("snapshot", "set", "2026-03-31", "--asset", "World ETF", "--platform", "Broker", "--value", "12500")
        return tool
    }

    func run(_ tool: AssetFlowProcess, _ arguments: [String], standardOutput: FileHandle? = nil) throws -> ToolProcess.Output {
        try ToolProcess("assetflow", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
            .run(arguments + ["--store", tool.store], standardOutput: standardOutput)
    }

    @Test func anExportToAFullDiskOnStandardOutputFails() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        let full = try #require(OutputTarget.full())
        let export = try run(tool, ["export", "2026-03-31"], standardOutput: full)
        #expect(export.status != 0)
        #expect(export.stderr.contains("could not write the output"))
    }

    @Test func anExportRefusesAPipeAndLeavesItAPipe() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        let fifo = tool.directory.appendingPathComponent("pipe").path
        try #require(OutputTarget.makeFIFO(at: fifo))
        let export = try run(tool, ["export", "2026-03-31", "--output", fifo])
        #expect(export.status != 0)
        #expect(export.stderr.contains("is a pipe (FIFO), not a file"))
        #expect(OutputTarget.isFIFO(fifo))
    }

    @Test func anExportThroughALinkWritesTheFileItNames() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        let target = tool.directory.appendingPathComponent("values.csv").path
        let link = tool.directory.appendingPathComponent("latest.csv").path
        try Data().write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let export = try run(tool, ["export", "2026-03-31", "--output", link, "--force"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(OutputTarget.isLink(link))
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("World ETF"))
    }

    @Test func errorsAreJSONOnStandardErrorWithTheJSONFlag() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        let list = try run(tool, ["asset", "list", "--json"])
        #expect(list.status != 0)
        #expect(list.stdout.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(list.stderr.utf8)) as? [String: Any]
        #expect((object?["error"] as? String)?.contains("There is no store") == true)
    }

    @Test func aStoreThatIsNotADatabaseIsNamedInTheUsersWords() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try Data("my shopping list\n".utf8).write(to: URL(fileURLWithPath: tool.store))
        let list = try run(tool, ["asset", "list"])
        #expect(list.status != 0)
        #expect(list.stderr.contains("is not an AssetFlow store"))
        #expect(InternalWords.found(in: list.stderr).isEmpty)
    }
}
