import AssetFlow
import CommandLineTestSupport
import Foundation
import SwiftData
import Testing

/// A snapshot another program stored on a date outside the years a day is written in (10^300
/// seconds from 1970, or before): `snapshot list` showed it as "506713-02-07", every report
/// took it for the latest snapshot, and no command could name it, to show or delete it.
@Suite struct OutOfRangeSnapshotTests {
    @Test(arguments: [1e300, -1e300])
    func aSnapshotStoredOnADateNoDayNamesIsShownAndDeletedByTheDayItsListingShows(seconds: Double) throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        #expect(try tool.run("demo").status == 0)
        let context = ModelContext(try AssetFlowStore.container(at: URL(fileURLWithPath: tool.store)))
        let stored = Snapshot(date: Date(), calendar: Calendar(identifier: .gregorian))
        context.insert(stored)
        stored.date = Date(timeIntervalSince1970: seconds)
        try context.save()

        let listed = try tool.run("snapshot", "list")
        let day = try #require(listed.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) }
            .first { !$0.hasPrefix("20") }, "\(listed.stdout)")
        let shown = try tool.run("snapshot", "show", day)
        #expect(shown.status == 0 && shown.stdout.contains("Snapshot of \(day)"), "\(shown.stdout) \(shown.stderr)")
        let deleted = try tool.run("snapshot", "delete", day)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(!(try tool.run("snapshot", "list").stdout.contains(day)))
        #expect(try tool.run("snapshot", "delete", "2301-01-01").stderr.contains("'2301-01-01' is not a day"))
    }
}
