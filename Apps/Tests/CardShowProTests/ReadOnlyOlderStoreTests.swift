import CommandLineTestSupport
import Foundation
import Testing

/// Issue 33's twenty-third pass: a store an earlier version wrote, which cardshow brings up
/// to date when it opens it, in a folder or a file the user may not write, was refused as
/// "written by a version it does not know … use the version of cardshow that wrote it",
/// where the version is known and only the writing is in the way.
@Suite struct ReadOnlyOlderStoreTests {
    @Test(arguments: [(folder: 0o555, file: 0o444), (folder: 0o777, file: 0o444)])
    func aReadOnlyStoreOfAnEarlierVersionIsNamedReadOnlyNotOfAnUnknownVersion(_ modes: (folder: Int, file: Int)) throws {
        guard ToolProcess.canRunUnprivileged else { return }
        let directory = try TemporaryDirectory()
        let folder = directory.file("shop")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("v1.store")
        _ = try MigrationTests().writeVersion1Store(at: store)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
        try FileManager.default.setAttributes([.posixPermissions: modes.file], ofItemAtPath: store.path)
        try FileManager.default.setAttributes([.posixPermissions: modes.folder], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let cardshow = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": directory.url.path, "TZ": "UTC"], unprivileged: true)
        let output = try cardshow.run(["card", "list", "--store", store.path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("was written by an earlier version of cardshow") && output.stderr.contains("is read-only"),
                "\(output.stderr)")
        #expect(!output.stderr.contains("does not know"), "\(output.stderr)")
    }
}
