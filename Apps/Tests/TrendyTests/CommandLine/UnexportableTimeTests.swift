import CommandLineTestSupport
import Foundation
import GRDB
import Testing

/// A time another program stored outside the years Trendy keeps (10^300 seconds from 1970, or
/// before the first): the export wrote it as a year of seven digits, and `trendy import`
/// refused that export whole, so a backup taken every night imported nothing.
@Suite struct UnexportableTimeTests {
    func eventWithStoredTime(_ tool: TrendyProcess, column: String, value: String) throws -> String {
        for arguments in [["types", "add", "Water"], ["log", "Water", "--at", "2026-03-01 08:30", "--end", "2026-03-01 09:00"]] {
            #expect(try tool.run(arguments).status == 0, "\(arguments)")
        }
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: "UPDATE Event SET \(column) = \(value)") }
        try queue.close()
        let listed = try tool.run("list", "--json")
        let events = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]] ?? []
        return String(try #require(events.first?["id"] as? String).prefix(8)).lowercased()
    }

    @Test(arguments: [("timestamp", "1e300", "--at TIME"), ("timestamp", "-1e300", "--at TIME"), ("endDate", "1e300", "--end TIME")])
    func anEventAtATimeOutsideTheYearsIsRefusedByTheExportNamingItNotWrittenForImportToRefuse(
        column: String, value: String, fix: String) throws {
        let tool = try TrendyProcess()
        let id = try eventWithStoredTime(tool, column: column, value: value)
        let backup = tool.file("backup.json")
        let exported = try tool.run("export", "--output", backup)
        #expect(exported.status == 1, "\(exported.stdout)")
        #expect(exported.stderr.contains("The event \(id) \(column == "endDate" ? "ends" : "is") at a time outside the years Trendy keeps "
                                         + "(from 1900 to 2199), which another program stored: an export holding it could not be imported, "
                                         + "so nothing was exported."), "\(exported.stderr)")
        #expect(exported.stderr.contains("`trendy edit \(id) \(fix)`"), "\(exported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: backup))

        let fixed = column == "endDate" ? ["edit", id, "--end", ""] : ["edit", id, "--at", "2026-03-01 08:30"]
        #expect(try tool.run(fixed).status == 0)
        #expect(try tool.run("export", "--output", backup).status == 0)
        let other = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let imported = try other.run(["import", backup, "--store", tool.file("second.store")])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    /// Listed, such an event's time was blank: the formatter writes nothing for it.
    @Test(arguments: ["1e300", "-1e300"])
    func anEventAtATimeNoCalendarHoldsIsListedSayingSoNotBlank(value: String) throws {
        let tool = try TrendyProcess()
        let id = try eventWithStoredTime(tool, column: "timestamp", value: value)
        let listed = try tool.run("list")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.split(separator: "\n").contains { $0.hasPrefix("\(id)  outside 1900–2199  Water") }, "\(listed.stdout)")
    }

    /// Listed with --json, such an event's time was written with a year of seven digits, which
    /// no reader of ISO 8601 times takes.
    @Test(arguments: [("timestamp", "1e300", "time", "--at TIME"), ("timestamp", "-1e300", "time", "--at TIME"),
                      ("endDate", "1e300", "end", "--end TIME")])
    func anEventAtATimeOutsideTheYearsIsListedInJSONWithoutThatTimeSayingWhy(column: String, value: String, key: String, fix: String) throws {
        let tool = try TrendyProcess()
        let id = try eventWithStoredTime(tool, column: column, value: value)
        let listed = try tool.run("list", "--json")
        let event = try #require(((try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]])?.first)
        #expect(event[key] == nil, "\(event)")
        #expect(event["problem"] as? String == "its \(key == "end" ? "end" : "time") is outside the years Trendy keeps (from 1900 to 2199), "
                + "as another program stored it: give it one with `trendy edit \(id) \(fix)`", "\(event)")
    }
}
