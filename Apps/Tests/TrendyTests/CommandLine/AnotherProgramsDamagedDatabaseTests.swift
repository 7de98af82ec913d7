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
}
