import AssetFlow
import CommandLineTestSupport
import Foundation
import SwiftData
import Testing

/// Two threads adding one category name through two contexts of one store at the same
/// moment: `Portfolio` checks and saves in one transaction, so one adds it and the other
/// is told it exists.
@Suite struct CategoryNameThreadRaceTests {
    @Test func twoThreadsAddingTheSameCategoryLeaveOneAndTellTheOther() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assetflow-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = try AssetFlowStore.container(at: directory.appendingPathComponent("race.store"))
        for round in 0..<8 {
            let outcomes = ThreadRace.run(2) { index in
                try Portfolio(context: ModelContext(container)).addCategory(named: index == 0 ? "Stocks \(round)" : " stocks \(round) ")
            }
            #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")
            for case let error? in outcomes {
                #expect(error.localizedDescription.contains("already exists"), "\(error)")
            }
        }
        #expect(try Portfolio(context: ModelContext(container)).categories().count == 8)
    }
}
