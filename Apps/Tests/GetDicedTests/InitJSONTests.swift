import Foundation
import Testing

/// `getdiced init --json`: what was created for a script, and its errors as JSON.
@Suite("getdiced init --json")
struct InitJSONTests {
    let directory: TemporaryDirectory
    let cli = GetDicedProcess()

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func initWithJSONPrintsTheDatabaseAndItsCounts() throws {
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let database = directory.file("user.db")
        let created = try cli.run(["init", "--catalog", catalog, "--db", database, "--json"])
        #expect(created.status == 0, "\(created.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any]
        #expect(object?["database"] as? String == database)
        #expect((object?["summary"] as? [String: Any])?["cards"] as? Int == TestCatalog.cards.count)
    }

    @Test func initOverAnExistingDatabaseWithJSONReportsTheErrorAsJSON() throws {
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let database = directory.file("user.db")
        #expect(try cli.run(["init", "--catalog", catalog, "--db", database]).status == 0)
        let again = try cli.run(["init", "--catalog", catalog, "--db", database, "--json"])
        #expect(again.status != 0)
        #expect(again.stdout.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(again.stderr.utf8)) as? [String: Any]
        #expect((object?["error"] as? String)?.isEmpty == false)
    }
}
