import CommandLineTestSupport
import Foundation
import Testing

/// Four assetflow processes adding one category name (in three spellings) at the same
/// moment: the name is taken once, and the others are told it already exists.
@Suite struct CategoryNameRaceTests {
    @Test func processesAddingOneCategoryNameAtOnceTakeItOnce() async throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        let assetflow = ToolProcess("assetflow", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let store = tool.store
        _ = try tool.ok("category", "add", "Bonds")
        for round in 0..<4 {
            let spellings = ["Stocks \(round)", "stocks \(round)", " STOCKS \(round) ", "Stocks \(round)"]
            let outputs = try await withThrowingTaskGroup(of: ToolProcess.Output.self) { group in
                for name in spellings { group.addTask { try assetflow.run(["category", "add", name, "--store", store]) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outputs.filter { $0.status == 0 }.count == 1, "\(outputs.map(\.stderr))")
            for refused in outputs where refused.status != 0 {
                #expect(refused.stderr.contains("already exists"), "\(refused.stderr)")
            }
        }
        let listed = try tool.ok("category", "list")
        for round in 0..<4 {
            #expect(listed.lowercased().components(separatedBy: "stocks \(round)").count == 2, "\(listed)")
        }
    }
}
