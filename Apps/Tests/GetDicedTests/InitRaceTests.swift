import CommandLineTestSupport
import Foundation
import Testing

/// Several `getdiced init` of one path at once: one makes the database, and the others are
/// told a database exists there, as a second init run after the first is; none is told about
/// its own temporary copy, and none is left behind.
@Suite("getdiced init under racing processes")
struct InitRaceTests {
    @Test(.enabled(if: RealCatalog.isAvailable))
    func initsOfOnePathAtOnceMakeOneDatabaseAndTellTheOthersItExists() async throws {
        let directory = try TemporaryDirectory()
        for round in 0..<3 {
            let path = directory.file("race-\(round).db")
            let outputs = try await withThrowingTaskGroup(of: ToolProcess.Output.self) { group in
                for _ in 0..<4 {
                    group.addTask { try GetDicedProcess().run(["init", "--catalog", RealCatalog.path, "--db", path]) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outputs.filter { $0.status == 0 }.count == 1, "\(outputs.map(\.stderr))")
            for refused in outputs where refused.status != 0 {
                #expect(refused.stderr.contains("A database already exists at \(path)"), "\(refused.stderr)")
                #expect(!refused.stderr.contains(".partial-"), "\(refused.stderr)")
            }
            let files = try directory.contents()
            #expect(files.filter { $0.contains(".partial-") }.isEmpty, "\(files)")
        }
    }
}
