import CommandLineTestSupport
import Foundation
import GRDB
import Testing

/// A value another program stored where Trendy keeps something else is told in the
/// words the other tools use, with what to do, where listings printed the engine's
/// own message ("Event.timestamp cannot be read: … in row 1 …").
@Suite struct UnreadableValueTests {
    @Test func anEventTimeStoredAsTextIsToldInTheToolsWordsWhenListing() throws {
        let tool = try TrendyProcess()
        #expect(try tool.run("demo").status == 0)
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: #"UPDATE "Event" SET "timestamp" = 'yesterday' WHERE "Z_PK" = 1"#) }
        try queue.close()

        let output = try tool.run("list")
        #expect(output.status == 1)
        #expect(output.stderr.contains(#"An event in the store cannot be read (the value "yesterday" in record 1 is not a date)"#),
                "\(output.stderr)")
        #expect(output.stderr.contains("import your last export (trendy import FILE) into a new store"), "\(output.stderr)")
        #expect(!output.stderr.contains("Event.timestamp"), "\(output.stderr)")
    }
}
