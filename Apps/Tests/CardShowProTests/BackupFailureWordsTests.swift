import CommandLineTestSupport
import Foundation
import Testing

/// A backup whose copy cannot be written says why, rather than SQLite's "not an error".
@Suite struct BackupFailureWordsTests {
    @Test func aBackupPastTheFileSizeLimitSaysSoNotNotAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("BackupFailureWords-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("shop.store").path
        var cardshow = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": folder.path, "TZ": "UTC"])
        #expect(try cardshow.run(["demo", "--store", store]).status == 0)
        // Above the store's -shm (32 KiB), below the store the demo makes.
        cardshow.fileSizeLimit = 40_000
        let output = try cardshow.run(["backup", "--output", folder.appendingPathComponent("copy.backup").path, "--store", store])
        #expect(output.status == 1, "ended with \(output.status): \(output.stderr)")
        #expect(output.stderr.contains("ulimit -f") && !output.stderr.contains("not an error"), "\(output.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("copy") }
        #expect(left.isEmpty, "\(left)")
    }
}
