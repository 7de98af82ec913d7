import CommandLineTestSupport
import Foundation
import Testing

/// A store name that fits the file system but not with `-wal` added is refused naming the
/// limit, before a store file is made.
@Suite struct StoreNameLengthTests {
    @Test(arguments: StoreCompanionTests.tools)
    func aStoreNameTooLongForItsLogIsRefusedNamingTheLimitAndLeavesNoFile(_ tool: String) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = String(repeating: "a", count: 247) + ".store"
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let output = try process.runShell(AllToolsConventionTests.storing("Tea", tool: tool, folder: folder)
            .replacingOccurrences(of: "/s.store", with: "/" + name))
        // Before: "SQLite cannot open the file (a symbolic link that points back to itself, a name too long, …)",
        // and an empty store file left at the path.
        #expect(output.status == 1, "\(tool): \(output.stdout)")
        #expect(output.stderr.contains("The store's file name is 253 bytes long, and SQLite keeps the store's log beside it under "
                                       + "that name with -wal added (4 bytes more): longer than the 255 bytes a file name may have there"),
                "\(tool): \(output.stderr)")
        #expect(output.stderr.contains("Give --store a name of at most 251 bytes"), "\(tool): \(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("aaaa") }.isEmpty, "\(tool)")
    }
}
