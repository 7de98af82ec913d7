import CommandLineTestSupport
import Foundation
import GRDB
import Testing

/// A damaged file that begins with SQLite's header is moved aside only when it is
/// recognisably a Trendy store: another program's cut-off database is refused and left.
@Suite struct AnotherProgramsDamagedDatabaseTests {
    @Test func anotherProgramsCutOffDatabaseIsRefusedAndLeftWhereItIs() throws {
        let tool = try TrendyProcess()
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE readings (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            for index in 0..<2_000 { try db.execute(sql: "INSERT INTO readings (body) VALUES (?)", arguments: ["reading \(index)"]) }
        }
        try queue.close()
        let whole = try Data(contentsOf: URL(fileURLWithPath: tool.store))
        let cut = whole.prefix(whole.count / 2)
        try cut.write(to: URL(fileURLWithPath: tool.store))

        let output = try tool.run("types", "add", "Water")
        #expect(output.status != 0)
        #expect(output.stderr.contains("is not a Trendy store: it holds another program's data"), "\(output.stderr)")
        #expect(FileManager.default.contents(atPath: tool.store) == cut)
        let moved = try FileManager.default.contentsOfDirectory(atPath: tool.directory.path).filter { $0.contains(".damaged-") }
        #expect(moved.isEmpty, "\(moved)")
    }

    /// A Trendy store whose first page past SQLite's 100-byte header is overwritten and whose
    /// end is cut off: damaged, and its tables cannot be read.
    static func unidentifiableDamagedStore(at path: String, trendy: ToolProcess) throws -> Data {
        #expect(try trendy.run(["demo", "--store", path]).status == 0)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        var damaged = whole.prefix(whole.count / 2)
        damaged.replaceSubrange(100..<4_096, with: Data(repeating: 0xA5, count: 3_996))
        try damaged.write(to: URL(fileURLWithPath: path))
        return damaged
    }

    @Test func aDamagedFileWhoseTablesCannotBeReadIsLeftWhereItIsAtAPathTheUserNamed() throws {
        let tool = try TrendyProcess()
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let damaged = try Self.unidentifiableDamagedStore(at: tool.store, trendy: trendy)
        let output = try tool.run("types", "add", "Water")
        #expect(output.status != 0)
        #expect(output.stderr.contains("cannot tell if it is a Trendy store: it left it as it is"), "\(output.stderr)")
        #expect(output.stderr.contains("move it aside yourself"), "\(output.stderr)")
        #expect(FileManager.default.contents(atPath: tool.store) == damaged)
        let moved = try FileManager.default.contentsOfDirectory(atPath: tool.directory.path).filter { $0.contains(".damaged-") }
        #expect(moved.isEmpty, "\(moved)")
    }

    @Test func aDamagedFileWhoseTablesCannotBeReadIsMovedAsideAtTheDefaultStore() throws {
        let tool = try TrendyProcess()
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let folder = tool.directory.appendingPathComponent("Trendy").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let damaged = try Self.unidentifiableDamagedStore(at: folder + "/default.store", trendy: trendy)
        let output = try trendy.run(["types", "add", "Water"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("was moved, not deleted"), "\(output.stderr)")
        let moved = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("default.store.damaged-") }
        #expect(moved.count == 1, "\(moved)")
        #expect(moved.first.flatMap { FileManager.default.contents(atPath: folder + "/" + $0) } == damaged)
    }
}
