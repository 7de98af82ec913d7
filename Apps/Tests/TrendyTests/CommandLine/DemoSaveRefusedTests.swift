import CommandLineTestSupport
import Foundation
import GRDB
import Testing

/// A demo whose save the store refuses (here a trigger another program added) is told in
/// the words every other command uses, where it quoted the engine ("SQLite error: …").
@Suite struct DemoSaveRefusedTests {
    @Test func aDemoTheStoreRefusesIsToldInTheToolsWordsNotSQLites() throws {
        let tool = try TrendyProcess()
        #expect(try tool.run("types", "add", "Water").status == 0)
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in
            try db.execute(sql: #"CREATE TRIGGER refuse BEFORE INSERT ON "Event" BEGIN SELECT RAISE(ABORT, 'not today'); END"#)
        }
        try queue.close()

        let output = try tool.run("demo")
        #expect(output.status == 1)
        #expect(output.stderr.contains("The store could not be read or written. Nothing was changed."), "\(output.stderr)")
        #expect(!output.stderr.contains("SQLite"), "\(output.stderr)")
    }
}
