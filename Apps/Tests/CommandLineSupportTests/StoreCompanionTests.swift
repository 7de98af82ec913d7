import CommandLineSupport
import CommandLineTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Something other than an ordinary file where SQLite keeps a store's `-wal` or `-shm` is
/// named for what it is, before the store is opened, not reported in SQLite's words.
@Suite struct StoreCompanionTests {
    static let tools = ["cardshow", "assetflow", "coupontracker", "trendy"]

    @Test(arguments: tools)
    func aFolderWhereTheStoresSharedMemoryIndexGoesIsNamedNotReportedAsSQL(_ tool: String) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let made = try process.runShell(AllToolsConventionTests.storing("Tea", tool: tool, folder: folder))
        #expect(made.status == 0, "\(tool): \(made.stderr)")
        try FileManager.default.createDirectory(atPath: folder + "/s.store-shm", withIntermediateDirectories: false)
        let output = try process.runShell(AllToolsConventionTests.storing("Coffee", tool: tool, folder: folder))
        // Before: "SQLite error 8: attempt to write a readonly database - while executing `BEGIN IMMEDIATE TRANSACTION`"
        // (cardshow: "The store … is read-only"), though the store and its folder could be written.
        #expect(output.status == 1, "\(tool): \(output.stdout)")
        #expect(output.stderr.contains("Cannot open the store \(folder)/s.store: beside it, \(folder)/s.store-shm is a folder. "
                                       + "SQLite keeps its shared-memory index at that path"), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains("SQLite error"), "\(tool): \(output.stderr)")
        #expect(!output.stderr.contains("read-only"), "\(tool): \(output.stderr)")
    }

    @Test func eachKindOfThingWhereTheStoresLogGoesIsNamed() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/s.store"
        let log = store + "-wal"
        let path = StorePath(tool: "demo", storeName: "Demo store", start: "add a thing")
        #expect(path.companionProblem(of: store) == nil)
        #expect(FileManager.default.createFile(atPath: log, contents: Data()))
        #expect(path.companionProblem(of: store) == nil, "an ordinary -wal is the store's own")
        try FileManager.default.removeItem(atPath: log)
        #expect(mkfifo(log, 0o600) == 0)
        #expect(path.companionProblem(of: store)?.contains("s.store-wal is a pipe (FIFO). SQLite keeps its write-ahead log") == true)
        try FileManager.default.removeItem(atPath: log)
        try FileManager.default.createSymbolicLink(atPath: log, withDestinationPath: "/dev/null")
        #expect(path.companionProblem(of: store)?.contains("s.store-wal is a symbolic link to /dev/null, which is a device") == true)
        try FileManager.default.removeItem(atPath: log)
        try FileManager.default.createSymbolicLink(atPath: log, withDestinationPath: folder + "/gone/x")
        #expect(path.companionProblem(of: store)?.contains("is a symbolic link to \(folder)/gone/x, which does not exist") == true)
        let error = #expect(throws: ToolError.self) { try path.check(URL(fileURLWithPath: store), mayCreate: true) }
        #expect(error?.message.contains("Move \(log) aside") == true, "\(String(describing: error?.message))")
    }
}
