import CommandLineTestSupport
import Foundation
import Testing

/// Four `use` of one benefit at the same moment: the benefit is used once in its period,
/// and the others are told it is not available.
@Suite("coupontracker use racing on one store")
struct UseRaceTests {
    @Test func fourUsesOfOneBenefitAtOnceRecordOneUse() async throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("demo", "--now", "2026-03-15T10:00")
        let outputs = try await withThrowingTaskGroup(of: ToolProcess.Output.self) { group in
            for _ in 0..<4 { group.addTask { try tool.run(["use", "Walmart+ Credit", "--now", "2026-03-15T10:00"]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outputs.filter { $0.status == 0 }.count == 1, "\(outputs.map(\.stderr))")
        let history = try tool.ok("history", "--benefit", "Walmart+ Credit", "--json", "--now", "2026-03-15T10:00")
        #expect((try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [Any])?.count == 1, "\(history)")
    }
}
