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

    @Test func aBackupIntoAFolderThatDoesNotExistIsRefusedAsEveryExportIsNotMadeThere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("BackupFailureWords-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("shop.store").path
        let cardshow = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": folder.path, "TZ": "UTC"])
        #expect(try cardshow.run(["demo", "--store", store]).status == 0)
        let output = try cardshow.run(["backup", "--output", folder.path + "/nope/copy.backup", "--store", store])
        #expect(output.status == 1, "ended with \(output.status): \(output.stderr)")
        #expect(output.stderr.contains("there is no folder \(folder.path)/nope: create it first"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/nope"))
    }
}

/// A CSV import of a file that is not CSV is refused at its first line too long for a row.
@Suite struct LongCSVLineTests {
    @Test func aCSVFileWithoutLineBreaksIsRefusedAtItsLongLineNotTakenApartWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("LongCSVLine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cards.csv")
        try Data("Name,Set,Number,Market Value\r\n".utf8 + Data(repeating: UInt8(ascii: "a"), count: 30 << 20)).write(to: file)
        let cardshow = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": folder.path, "TZ": "UTC"])
        let started = Date()
        let output = try cardshow.run(["import", file.path, "--format", "csv", "--store", folder.path + "/s.store"])
        #expect(output.status == 1, "ended with \(output.status): \(output.stderr)")
        #expect(output.stderr.contains("line 2: this is not valid CSV: the line is over 1 MB long"), "\(output.stderr)")
        #expect(Date().timeIntervalSince(started) < 8)
    }
}
