import CommandLineTestSupport
import Foundation
import Testing

/// A command given thousands of words it does not take names the first few.
@Suite struct LongArgumentListTests {
    @Test func thousandsOfUnexpectedArgumentsAreNamedByTheFirstFewAndCounted() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let words = (1...20_000).map { "x\($0)" }
        let output = try ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
            .run(["types", "add"] + words)
        #expect(output.status == 64)
        #expect(output.stderr.contains("19999 unexpected arguments: 'x2', 'x3', 'x4', 'x5', 'x6' and 19994 more"), "\(output.stderr.prefix(300))")
        #expect(output.stderr.utf8.count < 1_000, "\(output.stderr.utf8.count) bytes")
    }
}
