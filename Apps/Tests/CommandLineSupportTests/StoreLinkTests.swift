import CommandLineTestSupport
import Foundation
import Testing

/// A `--store` that is a symbolic link no file answers to is named for what it is, not
/// guessed at from SQLite's "cannot open the file".
@Suite struct StoreLinkTests {
    static let tools = ["cardshow", "assetflow", "coupontracker", "trendy"]

    @Test(arguments: tools)
    func aStoreLinkIntoAFolderThatDoesNotExistIsSaidToBeThat(_ tool: String) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/s.store", withDestinationPath: "gone/real.store")
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let output = try process.runShell(AllToolsConventionTests.storing("Tea", tool: tool, folder: folder))
        #expect(output.status == 1, "\(tool): \(output.stdout)")
        #expect(output.stderr.contains("is a symbolic link to \(folder)/gone/real.store, in a folder that does not exist"), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains("points back to itself"), "\(tool): \(output.stderr)")
    }

    @Test(arguments: tools)
    func aStoreLinkInALoopIsSaidToLeadBackToItself(_ tool: String) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/s.store", withDestinationPath: "other.store")
        try FileManager.default.createSymbolicLink(atPath: folder + "/other.store", withDestinationPath: "s.store")
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let output = try process.runShell(AllToolsConventionTests.storing("Tea", tool: tool, folder: folder))
        #expect(output.status == 1, "\(tool): \(output.stdout)")
        #expect(output.stderr.contains("is a symbolic link that leads back to itself"), "\(tool): \(output.stderr)")
    }

    @Test func aStoreLinkToAFileYetToBeMadeInAFolderThatExistsMakesTheStoreThere() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/s.store", withDestinationPath: "real.store")
        let output = try ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
            .runShell(AllToolsConventionTests.storing("Tea", tool: "trendy", folder: folder))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/real.store"))
    }
}
