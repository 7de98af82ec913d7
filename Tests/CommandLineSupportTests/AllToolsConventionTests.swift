import CommandLineTestSupport
@testable import CommandLineSupport
import Foundation
import Testing

/// What every one of the five tools does alike, run as a user's shell runs them: the
/// conventions of `CommandLineSupport`, checked on each tool rather than on one.
@Suite("The five tools' shared conventions")
struct AllToolsConventionTests {
    static let tools = ["cardshow", "assetflow", "coupontracker", "trendy", "getdiced"]

    /// A command of `tool` that stores `name` (a shell word), with its store in `folder`.
    static func storing(_ name: String, tool: String, folder: String) -> String {
        switch tool {
        case "cardshow": "card add --name \(name) --set S --number 1 --value 1 --store '\(folder)/s.store'"
        case "assetflow": "category add \(name) --store '\(folder)/s.store'"
        case "coupontracker": "add --custom \(name) --store '\(folder)/s.store'"
        case "trendy": "types add \(name) --store '\(folder)/s.store'"
        default: "folder create \(name) --db '\(folder)/s.store'"
        }
    }

    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("AllTools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test(arguments: tools) func anArgumentThatIsNotUTF8IsRefusedNotStoredWithAReplacementCharacter(_ tool: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let output = try process.runShell(Self.storing("\"$(printf 'caf\\351')\"", tool: tool, folder: folder))
        #expect(output.status != 0)
        #expect(output.stderr.contains("\"caf\\xE9\" is not UTF-8 text"), "\(tool): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.store"), "\(tool) made its store")
        let fine = try process.runShell(Self.storing("'café'", tool: tool, folder: folder))
        #expect(!fine.stderr.contains("UTF-8"), "\(tool): \(fine.stderr)")
    }

    @Test func bytesThatAreNotUTF8AreShownAsByteEscapes() {
        #expect(ArgumentCheck.problem(inRaw: [Array("café".utf8)]) == nil)
        #expect(ArgumentCheck.showingBytes([0x63, 0x61, 0x66, 0xE9]) == "caf\\xE9")
        #expect(ArgumentCheck.problem(inRaw: [Array("ok".utf8), [0x63, 0x61, 0x66, 0xE9]])?.contains("caf\\xE9") == true)
    }

    @Test func bidirectionalControlsAreEscapedAsOtherControlsAre() {
        #expect(TerminalText.escaped("abc\u{202E}def") == "abc\\u{202E}def")
        #expect(TerminalText.escaped("\u{2066}x\u{2069}\u{200F}\u{061C}") == "\\u{2066}x\\u{2069}\\u{200F}\\u{61C}")
        var table = Table("NAME")
        table.add("evil\u{202E}txt.exe")
        #expect(table.render().contains("evil\\u{202E}txt.exe"))
        #expect(!table.render().unicodeScalars.contains("\u{202E}"))
    }
}
