import CommandLineTestSupport
import Foundation
import GRDB
import Testing

/// What another program stored that `trendy import` refuses (an event ending before it
/// starts, a type with no name or a colour that is not #RRGGBB, two types of one name): the
/// export wrote it, and the import of that export refused the whole file, nothing imported.
/// The export now refuses, naming what is wrong and what puts it right.
@Suite struct UnimportableRecordExportTests {
    @Test(arguments: [
        ("UPDATE Event SET endDate = timestamp - 3600", "the event @ID ends before it starts", "`trendy edit @ID --end TIME`"),
        ("UPDATE EventType SET colorHex = 'zzz' WHERE name = 'Water'", "the event type \"Water\" has the colour \"zzz\", which is not #RRGGBB",
         "`trendy types edit Water --color RRGGBB`"),
        ("UPDATE EventType SET name = 'Water' WHERE name = 'Tea'", "the event types \"Water\" and \"Water\" have the same name",
         "`trendy types rename`, `trendy types edit` or `trendy types delete`"),
    ])
    func aRecordNoImportTakesIsRefusedByTheExportNotWrittenForImportToRefuse(change: String, says: String, fix: String) throws {
        let tool = try TrendyProcess()
        for arguments in [["types", "add", "Water"], ["types", "add", "Tea"], ["log", "Water", "--at", "2026-03-01 08:30", "--end", "2026-03-01 09:00"]] {
            #expect(try tool.run(arguments).status == 0, "\(arguments)")
        }
        let listed = try tool.run("list", "--json")
        let events = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]] ?? []
        let id = String(try #require(events.first?["id"] as? String).prefix(8)).lowercased()
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: change) }
        try queue.close()

        let backup = tool.file("backup.json")
        let exported = try tool.run("export", "--output", backup)
        #expect(exported.status == 1, "\(exported.stdout)")
        #expect(exported.stderr.contains("The store holds what `trendy import` refuses, which another program stored: "
                                         + says.replacingOccurrences(of: "@ID", with: id)), "\(exported.stderr)")
        #expect(exported.stderr.contains("so nothing was exported."), "\(exported.stderr)")
        #expect(exported.stderr.contains(fix.replacingOccurrences(of: "@ID", with: id)), "\(exported.stderr)")
        #expect(InternalWords.found(in: exported.stderr).isEmpty, "\(exported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: backup))
    }
}
