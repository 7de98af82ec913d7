import CommandLineTestSupport
import Foundation
import Testing

/// Four trendy processes adding one type name (in three spellings) at the same moment:
/// the name is taken once, and the others are told it is there.
@Suite struct TypeNameRaceTests {
    @Test func processesAddingOneTypeNameAtOnceTakeItOnce() async throws {
        let tool = try TrendyProcess()
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let store = tool.store
        _ = try tool.ok("types", "add", "Water")
        for round in 0..<4 {
            let spellings = ["Coffee \(round)", "coffee \(round)", " COFFEE \(round) ", "Coffee \(round)"]
            let outputs = try await withThrowingTaskGroup(of: ToolProcess.Output.self) { group in
                for name in spellings { group.addTask { try trendy.run(["types", "add", name, "--store", store]) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outputs.filter { $0.status == 0 }.count == 1, "\(outputs.map(\.stderr))")
            for refused in outputs where refused.status != 0 {
                #expect(refused.stderr.contains("There is already an event type named"), "\(refused.stderr)")
            }
        }
        let listed = try tool.ok("types", "list")
        for round in 0..<4 {
            #expect(listed.lowercased().components(separatedBy: "coffee \(round)").count == 2, "\(listed)")
        }
    }
}
