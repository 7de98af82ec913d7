import ChildProcessSupport
import Foundation
import OpenSwiftData
import Testing

/// A store in a folder the process may not write opens for reading, as on read-only
/// media, and a save is refused with words that name both causes rather than only the
/// media: the user has a folder's permissions to change, not a disk.
///
/// Root may write every folder, so as root the save runs in a `StoreWorkload` process as
/// `nobody` (through setpriv); without setpriv, as root, the suite is skipped.
@Suite(.enabled(if: UnprivilegedWorkload.isAvailable, "as root, needs /usr/bin/setpriv to save as another user"))
struct ReadOnlyFolderTests {
    @Test func aSaveToAStoreInAFolderThisProcessMayNotWriteSaysTheFolderMayNotBeWritten() async throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tally.self))
            context.insert(Tally(writer: "owner", sequence: 0))
            try context.save()
        }
        let errors = store.directory.appendingPathComponent("workload.err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        chmod(store.directory.path, 0o555)
        defer { chmod(store.directory.path, 0o755) }

        let process = try UnprivilegedWorkload.insert(store: store.url, errors: errors)
        await process.ended()
        let message = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationStatus == 1, "\(message)")
        #expect(message.contains("is read-only (on read-only media, or a file or folder this process may not write)"), "\(message)")
    }
}

/// `StoreWorkload insert STORE nobody 1` run as a user that may not write the folders
/// root made: the test process itself when it is not root, else `nobody` through setpriv.
enum UnprivilegedWorkload {
    static var isAvailable: Bool {
        getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    }

    /// Its standard error goes to `errors`, a file that must exist.
    static func insert(store: URL, errors: URL) throws -> ChildProcess {
        let executable = try #require(StoreWorkload.executable, "build the StoreWorkload executable first: swift build --build-tests")
        let arguments = ["insert", store.path, "nobody", "1"]
        let process = ChildProcess()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return process
    }
}
