import CommandLineTestSupport
import Foundation
import Testing

/// The fortieth hostile pass over coupontracker: names that arrive by import are names the
/// command line can type again.
@Suite("coupontracker under the fortieth hostile pass")
struct HostilePassFortyTests {
    @Test func aNULInAnImportedNicknameIsRefusedNamingIt() throws {
        let tool = try HostilePassTwoTests.wallet()
        defer { tool.remove() }
        let file = try editedExport(of: tool) { card in card["nickname"] = "Ni\u{0}ck" }
        let other = tool.directory.appendingPathComponent("other.store").path
        let imported = try tool.run(["import", file, "--store", other])
        #expect(imported.status != 0)
        #expect(imported.stderr.contains("cards[0].nickname: \"Ni\\u{0}ck\" has a control character (\\u{0}) at character 3"),
                "\(imported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other))
    }
}
