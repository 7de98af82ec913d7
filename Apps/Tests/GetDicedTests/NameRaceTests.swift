import CommandLineTestSupport
import Foundation
import GRDB
import Testing
@testable import GetDiced

/// Two getdiced processes creating folders of one name at the same moment: the name is
/// taken once, and the other process is told that it already exists.
@Suite("getdiced folder names under racing processes")
struct NameRaceTests {
    @Test func twoProcessesCreatingOneFolderNameTakeItOnce() async throws {
        let directory = try TemporaryDirectory()
        let database = try TestCatalog.database(in: directory)
        let path = database.path
        for round in 0..<6 {
            let names = ["Élan \(round)", "élan \(round)"]
            let outputs = try await withThrowingTaskGroup(of: ToolProcess.Output.self) { group in
                for name in names + names {
                    group.addTask { try GetDicedProcess().run(["folder", "create", name, "--db", path]) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outputs.filter { $0.status == 0 }.count == 1, "\(outputs.map(\.stderr))")
            for refused in outputs where refused.status != 0 {
                #expect(refused.stderr.contains("already exists"), "\(refused.stderr)")
            }
            let stored = try await database.writer.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM folders").filter { $0.lowercased() == "élan \(round)" }
            }
            #expect(stored.count == 1, "\(stored)")
        }
    }
}
