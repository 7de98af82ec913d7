import CommandLineSupport
import CommandLineTestSupport
import Foundation
import Testing

/// An export written over a file that is already there (with `--force`) keeps what the user
/// set on that file: its permissions, and its being read-only.
@Suite struct ExportFilePermissionTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ExportFilePermission-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func anExportOverAPrivateFileKeepsItPrivate() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/wallet.json"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("old".utf8), attributes: [.posixPermissions: 0o600]))
        try OutputFile.save(Data("new".utf8), to: file, force: true)
        #expect(FileManager.default.contents(atPath: file) == Data("new".utf8))
        #expect(try Self.mode(file) == 0o600)
    }

    @Test func anExportOverAFileTheUserMayNotWriteIsRefusedAndLeftAsItIs() throws {
        guard ToolProcess.canRunUnprivileged else { return }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The folder may be written by anyone, so that only the file's own mode stands in the way.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
        let store = folder + "/t.store"
        let owner = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        #expect(try owner.run(["types", "add", "Water", "--store", store]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: store)
        let file = folder + "/kept.json"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("keep me".utf8), attributes: [.posixPermissions: 0o444]))
        let other = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"], unprivileged: true)
        let output = try other.run(["export", "--output", file, "--force", "--store", store])
        #expect(output.status != 0)
        #expect(output.stderr.contains("is read-only: you may not write it"), "\(output.stderr)")
        #expect(FileManager.default.contents(atPath: file) == Data("keep me".utf8))
    }
}
