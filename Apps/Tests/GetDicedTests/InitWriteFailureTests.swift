import CommandLineTestSupport
import Foundation
import Testing

/// `getdiced init` whose new database cannot be written names the new database and why,
/// not the catalog it copies from with SQLite's "not an error".
@Suite(.enabled(if: RealCatalog.isAvailable, "no real catalog at \(RealCatalog.path); set GETDICED_CATALOG or add ../shared/data/"))
struct InitWriteFailureTests {
    @Test func anInitPastTheFileSizeLimitBlamesTheNewDatabaseNotTheCatalog() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        var getdiced = ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil])
        getdiced.fileSizeLimit = 100_000
        let output = try getdiced.run(["init", "--catalog", RealCatalog.path, "--db", database])
        #expect(output.status == 1, "ended with \(output.status): \(output.stderr)")
        #expect(output.stderr.contains("g.db") && output.stderr.contains("ulimit -f"), "\(output.stderr)")
        #expect(!output.stderr.contains("not a usable card catalog") && !output.stderr.contains("not an error"), "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
