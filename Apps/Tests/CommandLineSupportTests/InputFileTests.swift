import CommandLineSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A file a command reads is an ordinary file: anything else is refused in words, at once.
@Suite struct InputFileTests {
    func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("InputFileTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test func aFolderAFIFOOrADeviceIsRefusedInWordsWithoutWaiting() throws {
        try inFolder { folder in
            let fifo = folder + "/pipe"
            #expect(mkfifo(fifo, 0o600) == 0)
            for (path, kind) in [(folder, "is a folder"), (fifo, "is a pipe (FIFO)"), ("/dev/null", "is a device")] {
                let said = message { _ = try InputFile.read(path, what: "file to import") }
                #expect(said.contains(kind), "\(path): \(said)")
                #expect(said.contains("not a file to import"), "\(said)")
                #expect(!said.contains("permission") && !said.contains("NSCocoaErrorDomain"), "\(said)")
            }
        }
    }

    @Test func aMissingFileIsNamed() throws {
        try inFolder { folder in
            let said = message { _ = try InputFile.read(folder + "/nope.json", what: "export file") }
            #expect(said.contains("There is no export file at"), "\(said)")
        }
    }

    @Test func anOrdinaryFileIsReadWholeAndItsTextWithoutAByteOrderMark() throws {
        try inFolder { folder in
            let path = folder + "/a.csv"
            let text = "\u{FEFF}" + String(repeating: "line\n", count: 50_000)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(try InputFile.read(path).count == text.utf8.count)
            #expect(try InputFile.text(path) == String(text.dropFirst()))
            try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: path))
            #expect(message { _ = try InputFile.text(path, what: "CSV file") }.contains("is not UTF-8 text"))
        }
    }
}
