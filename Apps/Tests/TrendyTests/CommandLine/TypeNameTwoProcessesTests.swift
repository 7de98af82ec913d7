import CommandLineTestSupport
import Foundation
import Testing

/// Two trendy processes adding one type at the same moment, with no lock of the tool's
/// own: `EventStore` checks the name and saves in one transaction, so one adds it and the
/// other is told it is there.
@Suite struct TypeNameTwoProcessesTests {
    @Test func twoProcessesAddingTheSameTypeLeaveOneAndTellTheOther() async throws {
        let tool = try TrendyProcess()
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let store = tool.store
        _ = try tool.ok("types", "add", "Water")
        for round in 0..<4 {
            let outputs = try await withThrowingTaskGroup(of: ToolProcess.Output.self) { group in
                for name in ["Coffee \(round)", "coffee \(round)"] {
                    group.addTask { try trendy.run(["types", "add", name, "--store", store]) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outputs.filter { $0.status == 0 }.count == 1, "\(outputs.map(\.stderr))")
            for refused in outputs where refused.status != 0 {
                #expect(refused.stderr.contains("There is already an event type named"), "\(refused.stderr)")
            }
        }
        let listed = try tool.ok("types", "list").lowercased()
        for round in 0..<4 { #expect(listed.components(separatedBy: "coffee \(round)").count == 2, "\(listed)") }
        #expect(!FileManager.default.fileExists(atPath: store + "-lock"))
    }
}
