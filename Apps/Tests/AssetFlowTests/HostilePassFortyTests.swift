import CommandLineTestSupport
import Foundation
import Testing

/// The fortieth hostile pass over assetflow: names and platforms that arrive by import are
/// names the command line can type again, and a platform, like a name, must show.
@Suite("assetflow under the fortieth hostile pass")
struct HostilePassFortyTests {
    @Test func anEscapeInAnAssetNameInTheCSVIsRefusedNamingIt() throws {
        let tool = try HostileInputTests.portfolio()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("values.csv").path
        try "asset,platform,currency,value\nGo\u{1B}ld,Vault,USD,100\n".write(toFile: file, atomically: true, encoding: .utf8)
        try expectRefused(tool, ["import", "2026-03-31", file], says: "the asset name \"Go\\u{1B}ld\" has a control character (\\u{1B}) at character 3")
    }

    @Test func aBellInAPlatformInTheCSVIsRefusedNamingIt() throws {
        let tool = try HostileInputTests.portfolio()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("values.csv").path
        try "asset,platform,currency,value\nGold,Va\u{7}ult,USD,100\n".write(toFile: file, atomically: true, encoding: .utf8)
        try expectRefused(tool, ["import", "2026-03-31", file], says: "the platform \"Va\\u{7}ult\" has a control character (\\u{7}) at character 3")
    }

    @Test(arguments: ["\u{301}", "\u{200D}\u{301}", "\u{FEFF}"])
    func aPlatformThatShowsNothingIsRefused(platform: String) throws {
        let tool = try HostileInputTests.portfolio()
        defer { tool.remove() }
        try expectRefused(tool, ["asset", "add", "X", "--platform", platform, "--currency", "USD"], says: "A platform's name cannot be empty")
    }

    @Test func aPlatformRenamedToOneThatShowsNothingIsRefused() throws {
        let tool = try HostileInputTests.portfolio()
        defer { tool.remove() }
        try tool.ok("asset", "add", "X", "--platform", "Broker", "--currency", "USD")
        try expectRefused(tool, ["asset", "rename-platform", "Broker", "\u{301}"], says: "A platform's name cannot be empty")
    }

    /// The pass: an export whose platform began with an accent ("Gold,\u{301}Vault,USD,100")
    /// was refused by the import ("Line 2 has 3 fields"): the accent made one character with
    /// the comma before it.
    @Test func anExportWhosePlatformBeginsWithAnAccentImportsBack() throws {
        let tool = try HostileInputTests.portfolio()
        defer { tool.remove() }
        try tool.ok("asset", "add", "Gold", "--platform", "\u{301}Vault", "--currency", "USD")
        try tool.ok("snapshot", "set", "2026-03-31", "--asset", "Gold", "--platform", "\u{301}Vault", "--value", "100")
        let file = tool.directory.appendingPathComponent("e.csv").path
        try tool.ok("export", "2026-03-31", "--output", file)
        try tool.ok("snapshot", "create", "2026-04-30")
        try tool.ok("import", "2026-04-30", file)
        let shown = try tool.ok("snapshot", "show", "2026-04-30")
        #expect(shown.contains("Vault") && shown.contains("100"), "\(shown)")
    }
}
