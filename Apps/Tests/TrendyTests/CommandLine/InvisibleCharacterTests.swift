import CommandLineTestSupport
import Foundation
import Testing

/// A name that differs from another only by a character no font draws prints as that
/// name, and is that name.
@Suite struct InvisibleCharacterTests {
    @Test func aTypeNamedWithAZeroWidthSpaceInsideAnotherTypesNameIsRefusedAsThatName() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Tea")
        let output = try tool.run("types", "add", "Te\u{200B}a")
        #expect(output.status == 1, "\(output.stdout)")
        #expect(output.stderr.contains("There is already an event type named"), "\(output.stderr)")
        try tool.ok("log", "T\u{200B}ea")
    }
}
