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

    @Test func aTrendyStoreNameTooLongToBeMovedAsideWhenDamagedIsRefusedBeforeTheStoreIsMade() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 240 bytes: its -wal fits, but not `NAME.damaged-20261204T200000Z-wal`, 29 bytes longer.
        let name = String(repeating: "a", count: 234) + ".store"
        let process = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let output = try process.run(["types", "add", "Tea", "--store", folder + "/" + name])
        // Before: the store was made, and could not be moved aside once damaged.
        #expect(output.status == 1, "\(output.stdout)")
        #expect(output.stderr.contains("The store's file name is 240 bytes long, and trendy moves a damaged store aside under that "
                                       + "name with .damaged- and the time added, and its log with -wal after that (29 bytes more): "
                                       + "longer than the 255 bytes a file name may have there"), "\(output.stderr)")
        #expect(output.stderr.contains("Give --store a name of at most 226 bytes"), "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("aaaa") }.isEmpty)
    }

    @Test func aServerStoreNameTooLongForTheSyncStoresBesideItIsRefusedBeforeAnyStoreIsMade() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tokens = folder + "/tokens"
        try "alice alice-laptop-6f1d0c9a7b3e4f2a8c5d1e0f9a8b7c6d\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        // 240 bytes: its -wal fits, but not CouponTracker's sync store beside it (`NAME-coupontracker-sync.store`).
        let name = String(repeating: "a", count: 234) + ".store"
        let process = ToolProcess("cardshow-server", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "LOG_LEVEL": "error"])
        let output = try process.run(["--store", folder + "/" + name, "--sync-tokens", tokens, "--host", "127.0.0.1", "--port", "0"])
        // Before: the inventory's store was made and left behind, and the sync store refused in the engine's words.
        #expect(output.status != 0, "\(output.stdout)")
        #expect(output.stderr.contains("The store's file name is 240 bytes long, and with --sync-tokens the server keeps "
                                       + "CouponTracker's sync store beside it under that name with -coupontracker-sync added "
                                       + "before the extension, and its log with -wal after that (23 bytes more): longer than "
                                       + "the 255 bytes a file name may have there"), "\(output.stderr)")
        #expect(output.stderr.contains("Give --store a name of at most 232 bytes"), "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("aaaa") }.isEmpty)
    }
}
