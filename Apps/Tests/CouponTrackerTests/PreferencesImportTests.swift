import CommandLineTestSupport
import Foundation
import Testing

/// An export whose preferences hold what `coupontracker preferences` refuses, given to `import`.
@Suite struct PreferencesImportTests {
    /// Was "Error: 25 is not an hour: use 0 to 23.", naming neither the file, nor where in it, nor
    /// that nothing was imported.
    @Test func aQuietHourOutOfRangeInAnImportIsNamedAtItsKeyPath() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("add", "--custom", "Visa", "--issuer", "Citi", "--now", "2026-03-01")
        let file = tool.directory.appendingPathComponent("wallet.json")
        try tool.ok("export", "--output", file.path, "--now", "2026-03-01")
        var export = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var preferences = try #require(export["preferences"] as? [String: Any])
        preferences["quietHoursStart"] = 25
        export["preferences"] = preferences
        try JSONSerialization.data(withJSONObject: export).write(to: file)

        let other = tool.directory.appendingPathComponent("other.store").path
        let imported = try tool.run("import", file.path, "--store", other)
        #expect(imported.status == 1)
        #expect(imported.stderr.contains("at preferences.quietHoursStart: 25 is not an hour: use 0 to 23."), "\(imported.stderr)")
        #expect(imported.stderr.contains("Nothing was imported."), "\(imported.stderr)")
    }
}
