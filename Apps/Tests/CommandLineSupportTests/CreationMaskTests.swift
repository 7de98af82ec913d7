import CommandLineSupport
import CommandLineTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A umask that takes away the owner's own read or write permission would make a new store
/// a file its tool cannot open again.
@Suite struct CreationMaskTests {
    @Test func aUmaskThatTakesAwayTheOwnersReadOrWriteIsNamedAndAUsualOneIsNot() {
        for mask: mode_t in [0o777, 0o277, 0o477, 0o200] {
            let said = CreationMask.problem(creating: "/x/s.store", tool: "trendy", mask: mask, asRoot: false)
            #expect(said?.contains("Your umask (0\(String(mask, radix: 8)))") == true, "\(String(mask, radix: 8)): \(said ?? "nil")")
            #expect(said?.contains("Set a usual umask first (umask 022") == true, "\(said ?? "nil")")
        }
        for mask: mode_t in [0o022, 0o077, 0o002, 0o027] {
            #expect(CreationMask.problem(creating: "/x/s.store", tool: "trendy", mask: mask, asRoot: false) == nil)
        }
        #expect(CreationMask.problem(creating: "/x/s.store", tool: "trendy", mask: 0o777, asRoot: true) == nil)
    }

    @Test(arguments: [
        ["trendy", "types", "add", "Water"], ["cardshow", "card", "add", "--name", "A", "--set", "B", "--number", "1"],
        ["coupontracker", "add", "--custom", "X"], ["assetflow", "category", "add", "X"],
    ])
    func aNewStoreUnderAUmaskThatDeniesItsOwnerIsRefusedNotMadeUnopenable(_ command: [String]) throws {
        guard ToolProcess.canRunUnprivileged, getuid() == 0 else { return }
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        chmod(folder, 0o777)
        let tool = ToolProcess(command[0], environment: ["HOME": folder, "TZ": "UTC"])
        let executable = try #require(tool.executable)
        let output = try tool.runScript("umask 777; exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$@\"",
                                        arguments: [executable.path, "--store", folder + "/s.store"] + command.dropFirst())
        let said = output.stderr
        #expect(output.status == 1, "\(said)")
        #expect(said.contains("Your umask (0777) takes away your own permission to read and write"), "\(said)")
        #expect(!said.contains("SQLite"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.store"))
    }
}
