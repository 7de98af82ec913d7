import CommandLineTestSupport
import Foundation
import GRDB
import Testing

/// A value or name another program stored that `assetflow import` refuses (a value of nine
/// decimals, an asset with no name, or with a tab in it): `assetflow export` wrote it, and the
/// import of that file refused it whole. The export now refuses, naming the line and the reason.
@Suite struct UnimportableValueExportTests {
    @Test(arguments: [
        ("UPDATE SnapshotAssetValue SET marketValue = '0.123456789'", "'0.123456789' is not an amount"),
        ("UPDATE Asset SET name = ''", "An asset needs a name"),
        ("UPDATE Asset SET name = 'a' || char(9) || 'b'", "has a tab (\\u{9}) at character 2"),
    ])
    func aValueNoImportTakesIsRefusedByTheExportNotWrittenForImportToRefuse(change: String, says: String) throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        #expect(try tool.run("demo").status == 0)
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: change) }
        try queue.close()
        let output = tool.store + ".csv"
        defer { try? FileManager.default.removeItem(atPath: output) }

        let exported = try tool.run("export", "2026-09-30", "--output", output)
        #expect(exported.status == 1, "\(exported.stdout)")
        #expect(exported.stderr.contains("of the export would hold what `assetflow import` refuses, which another program stored: "),
                "\(exported.stderr)")
        #expect(exported.stderr.contains(says), "\(exported.stderr)")
        #expect(exported.stderr.contains("Nothing was exported."), "\(exported.stderr)")
        #expect(InternalWords.found(in: exported.stderr).isEmpty, "\(exported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Two assets another program stored with one name and platform (their stored keys
    /// apart): the export wrote both, and its import refused the file ("the asset 'World ETF'
    /// is already on line 4"). The export refuses them, and renaming one puts it right.
    @Test func twoAssetsOfOneNameAndPlatformAreRefusedByTheExportAndRenamingOneMendsIt() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        #expect(try tool.run("demo").status == 0)
        let queue = try DatabaseQueue(path: tool.store)
        try queue.write { db in try db.execute(sql: "UPDATE Asset SET name = 'World ETF' WHERE name = 'Treasury Bond ETF'") }
        try queue.close()
        let output = tool.store + ".csv"
        defer { try? FileManager.default.removeItem(atPath: output) }

        let refused = try tool.run("export", "2026-09-30", "--output", output)
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stderr.contains("the asset 'World ETF' is already on line"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Rename one of the two with `assetflow asset rename"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))

        #expect(try tool.run("asset", "rename", "World ETF", "--platform", "Interactive Brokers", "--to", "World ETF B").status == 0)
        let exported = try tool.run("export", "2026-09-30", "--output", output)
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try tool.run("import", "2026-09-30", output)
        #expect(imported.status == 0, "\(imported.stderr)")
    }
}
