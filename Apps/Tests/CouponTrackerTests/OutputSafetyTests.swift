import CommandLineTestSupport
import Foundation
import GRDB
import Testing

/// Where coupontracker's output goes: a full disk on standard output is an error, the
/// export file is an ordinary file (written through a link, never over a pipe), stored
/// text is escaped in messages, and the engine's errors reach the user in their words
/// (as JSON with `--json`).
@Suite("coupontracker output safety")
struct OutputSafetyTests {
    /// A wallet with one card.
    static func wallet() throws -> CouponTrackerProcess {
        let tool = try CouponTrackerProcess()
        try tool.ok("add", "--template", "Gold Card", "--nickname", "Dining", "--now", "2026-03-01T08:00")
        return tool
    }

    func run(_ tool: CouponTrackerProcess, _ arguments: [String], standardOutput: FileHandle? = nil) throws -> ToolProcess.Output {
        try ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
            .run(arguments + ["--now", "2026-03-02T08:00", "--store", tool.store], standardOutput: standardOutput)
    }

    @Test func anExportToAFullDiskOnStandardOutputFails() throws {
        let tool = try Self.wallet()
        defer { tool.remove() }
        let full = try #require(OutputTarget.full())
        let export = try run(tool, ["export"], standardOutput: full)
        #expect(export.status != 0)
        #expect(export.stderr.contains("could not write the output"))
    }

    @Test func anExportRefusesAPipeAndLeavesItAPipe() throws {
        let tool = try Self.wallet()
        defer { tool.remove() }
        let fifo = tool.directory.appendingPathComponent("pipe").path
        try #require(OutputTarget.makeFIFO(at: fifo))
        let export = try run(tool, ["export", "--output", fifo])
        #expect(export.status != 0)
        #expect(export.stderr.contains("is a pipe (FIFO), not a file"))
        #expect(OutputTarget.isFIFO(fifo))
    }

    @Test func anExportThroughALinkWritesTheFileItNames() throws {
        let tool = try Self.wallet()
        defer { tool.remove() }
        let target = tool.directory.appendingPathComponent("wallet.json").path
        let link = tool.directory.appendingPathComponent("latest.json").path
        try Data().write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let export = try run(tool, ["export", "--output", link, "--force"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(OutputTarget.isLink(link))
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Dining"))
    }

    /// Stored by another program: `coupontracker import` refuses a control character in a name.
    @Test func aNicknameWithAnEscapeSequenceIsEscapedInMessages() throws {
        let tool = try Self.wallet()
        defer { tool.remove() }
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: "UPDATE UserCard SET nickname = 'Evil' || char(27) || '[2J' WHERE nickname = 'Dining'") }
        try queue.close()
        let cards = try run(tool, ["cards", "--json"])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [[String: Any]])?.first?["id"] as? String)
        let removed = try run(tool, ["remove", id])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!removed.stdout.contains("\u{1B}"))
        #expect(removed.stdout.contains("Evil\\u{1B}[2J"))
    }

    @Test func errorsAreJSONOnStandardErrorWithTheJSONFlag() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let list = try run(tool, ["cards", "--json"])
        #expect(list.status != 0)
        #expect(list.stdout.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(list.stderr.utf8)) as? [String: Any]
        #expect((object?["error"] as? String)?.contains("There is no store") == true)
    }

    @Test func aStoreThatIsNotADatabaseIsNamedInTheUsersWords() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try Data("my shopping list\n".utf8).write(to: URL(fileURLWithPath: tool.store))
        let list = try run(tool, ["cards"])
        #expect(list.status != 0)
        #expect(list.stderr.contains("is not a CouponTracker store"))
        #expect(InternalWords.found(in: list.stderr).isEmpty)
    }
}
