import AssetFlow
import CommandLineTestSupport
import Foundation
import SwiftData
import Testing

/// A snapshot's day is a calendar date, whatever the time zone of the machine: a store
/// written in one zone reports the same days in another, and a day cannot be made twice.
@Suite("Snapshot days under different time zones")
struct TimeZoneDayTests {
    func run(_ tool: AssetFlowProcess, zone: String, _ arguments: String...) throws -> ToolProcess.Output {
        try ToolProcess("assetflow", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": zone])
            .run(arguments + ["--store", tool.store])
    }

    /// A store as versions before this one wrote it in `zone`: the day kept as the start of
    /// 2026-09-30 in that zone.
    func storeWrittenBefore(in zone: String) throws -> AssetFlowProcess {
        let tool = try AssetFlowProcess()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let day = calendar.date(from: DateComponents(year: 2026, month: 9, day: 30))!
        let context = ModelContext(try AssetFlowStore.container(at: URL(fileURLWithPath: tool.store)))
        context.insert(Snapshot(date: day, calendar: calendar))
        try context.save()
        return tool
    }

    @Test func aStoreMadeInNewYorkReportsItsDaysInTokyo() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        #expect(try run(tool, zone: "America/New_York", "demo").status == 0)
        let newYork = try run(tool, zone: "America/New_York", "snapshot", "list")
        let tokyo = try run(tool, zone: "Asia/Tokyo", "snapshot", "list")
        #expect(tokyo.status == 0 && tokyo.stdout == newYork.stdout, "\(tokyo.stdout) \(tokyo.stderr)")
        let report = try run(tool, zone: "Asia/Tokyo", "report")
        #expect(report.status == 0, "\(report.stderr)")
    }

    @Test func aDayMadeInOneZoneCannotBeMadeAgainInAnother() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        #expect(try run(tool, zone: "America/New_York", "snapshot", "create", "2026-03-31").status == 0)
        let again = try run(tool, zone: "Asia/Tokyo", "snapshot", "create", "2026-03-31")
        #expect(again.status != 0 && again.stderr.contains("2026-03-31"), "\(again.stderr)")
        let listed = try run(tool, zone: "Pacific/Honolulu", "snapshot", "list").stdout
        #expect(listed.components(separatedBy: "2026-03-31").count == 2, "\(listed)")
    }

    @Test(arguments: ["America/New_York", "Asia/Tokyo", "Pacific/Auckland", "Pacific/Honolulu", "UTC"])
    func aDayStoredByAnEarlierVersionIsFoundInEveryZone(writtenIn zone: String) throws {
        let tool = try storeWrittenBefore(in: zone)
        defer { tool.remove() }
        for reader in ["America/New_York", "Asia/Tokyo", "Pacific/Auckland", "Pacific/Honolulu"] {
            let shown = try run(tool, zone: reader, "snapshot", "show", "2026-09-30")
            #expect(shown.status == 0, "written in \(zone), read in \(reader): \(shown.stderr)")
            let again = try run(tool, zone: reader, "snapshot", "create", "2026-09-30")
            #expect(again.status != 0, "written in \(zone), made again in \(reader)")
        }
        #expect(try run(tool, zone: "Asia/Tokyo", "snapshot", "list").stdout.contains("2026-09-30"))
    }
}
