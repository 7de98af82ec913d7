import CommandLineSupport
import CommandLineTestSupport
import Foundation
import Testing

/// A tool started in a folder that was deleted after the shell entered it: a relative path
/// names nothing there, and the tool says so instead of blaming the path or the system.
@Suite struct WorkingFolderTests {
    /// Runs `tool` with `arguments` in a folder of `parent` deleted just before; returns its status and standard error.
    func runInDeletedFolder(_ tool: String, _ arguments: [String], parent: String) throws -> (status: Int32, stderr: String) {
        let process = ToolProcess(tool, environment: ["HOME": parent, "TZ": "UTC"])
        let executable = try #require(process.executable)
        let output = try process.runScript("mkdir \"$1\" && cd \"$1\" && rmdir \"$1\" && shift && exec \"$@\"",
                                           arguments: [parent + "/gone", executable.path] + arguments)
        return (output.status, output.stderr)
    }

    @Test func aRelativeStorePathInAFolderThatWasDeletedIsSaidToNameNothing() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (tool, arguments) in [("trendy", ["--store", "rel.store", "types", "add", "X"]),
                                  ("coupontracker", ["--store", "k.store", "add", "--custom", "X"])] {
            let (status, said) = try runInDeletedFolder(tool, arguments, parent: folder)
            #expect(status != 0, "\(tool): \(said)")
            #expect(said.contains("The current folder no longer exists"), "\(tool): \(said)")
            #expect(said.contains("the relative path \"\(arguments[1])\" names nothing"), "\(tool): \(said)")
            #expect(!said.contains("the system refused"), "\(tool): \(said)")
        }
    }

    @Test func aRelativeImportFileInAFolderThatWasDeletedIsSaidToNameNothingNotToBeMissing() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (status, said) = try runInDeletedFolder("trendy", ["import", "x.json", "--store", folder + "/s.store"], parent: folder)
        #expect(status == 1, "\(said)")
        #expect(said.contains("the relative path \"x.json\" names nothing"), "\(said)")
    }

    @Test func anAbsolutePathIsUsedWhenTheCurrentFolderIsGone() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (status, said) = try runInDeletedFolder("trendy", ["--store", folder + "/s.store", "types", "add", "X"], parent: folder)
        #expect(status == 0, "\(said)")
    }
}
