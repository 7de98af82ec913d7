import CommandLineTestSupport
import Foundation
import Testing

/// The fortieth hostile pass over trendy: names that arrive by import are names the
/// command line can type again.
@Suite("trendy under the fortieth hostile pass")
struct HostilePassFortyTests {
    /// The pass: "Es\u{1B}c" was imported, and then `types delete`, `types rename` and `log`
    /// each refused the name it has, so the type could never be named again.
    @Test func anEscapeInAnImportedTypeNameIsRefusedNamingIt() throws {
        let tool = try TrendyProcess()
        try HostilePassTwoTests.backup([("Es\\u001bc", UUID())]).write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let output = try tool.run("import", tool.file("b.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("eventTypes → item 1 → name \"Es\\u{1B}c\" has a control character (\\u{1B}) at character 3"),
                "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }
}
