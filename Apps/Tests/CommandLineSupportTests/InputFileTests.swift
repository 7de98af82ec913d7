import CommandLineSupport
import CommandLineTestSupport
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
            try Data([0xC3, 0x28, 0x41]).write(to: URL(fileURLWithPath: path))
            #expect(message { _ = try InputFile.text(path, what: "CSV file") }.contains("is not UTF-8 text. Save it as UTF-8"))
        }
    }

    /// Issue 33's twentieth pass: a file saved as UTF-16 ("Unicode" in Windows editors) was
    /// refused in each reader's words for the bytes it met: "the byte 0xFF where a value
    /// should be", "the header has no "Name" … columns", a first line shown as
    /// "a\u{0}s\u{0}s\u{0}…", and only a file over 64 KB as not text. It is named UTF-16,
    /// with or without its byte order mark, short or long.
    @Test(arguments: [String.Encoding.utf16, .utf16LittleEndian, .utf16BigEndian])
    func aFileInUTF16IsNamedUTF16WithWhatToDo(_ encoding: String.Encoding) throws {
        try inFolder { folder in
            let path = folder + "/export.json"
            for text in ["{\"version\": \"1.0\", \"cards\": []}\n", "asset,platform,currency,value\r\nCafé,,EUR,1\r\n",
                         String(repeating: "Deck 1: Flip Gordon\n", count: 4_000)] {
                try #require(text.data(using: encoding)).write(to: URL(fileURLWithPath: path))
                let said = message { _ = try InputFile.read(path, what: "export file") }
                #expect(said == "The export file \(path) is not UTF-8 text but UTF-16, as some editors save \"Unicode\" text: "
                    + "save it as UTF-8 (or convert it: iconv -f UTF-16 -t UTF-8 FILE > NEW) and try again. Nothing was changed.",
                    "\(encoding) \(text.prefix(10)): \(said)")
            }
            // UTF-8 text, with accents and a byte order mark, is read as before.
            let text = "\u{FEFF}Name,Set\nCafé,Ünïcode 日本\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(try InputFile.text(path) == String(text.dropFirst()))
        }
    }

    /// UTF-32's byte order mark (FF FE 00 00) begins with UTF-16's: such a file was named
    /// UTF-16, and the conversion it was told to run made NULs of it.
    @Test func aFileInUTF32WithItsByteOrderMarkIsNamedUTF32NotUTF16() throws {
        try inFolder { folder in
            let path = folder + "/export.json"
            let text = "{\"version\": \"1.0\", \"cards\": []}\n"
            for (mark, encoding) in [([UInt8]([0xFF, 0xFE, 0, 0]), String.Encoding.utf32LittleEndian), ([0, 0, 0xFE, 0xFF], .utf32BigEndian)] {
                try (Data(mark) + #require(text.data(using: encoding))).write(to: URL(fileURLWithPath: path))
                let said = message { _ = try InputFile.read(path, what: "export file") }
                #expect(said == "The export file \(path) is not UTF-8 text but UTF-32: save it as UTF-8 (or convert it: "
                    + "iconv -f UTF-32 -t UTF-8 FILE > NEW) and try again. Nothing was changed.", "\(encoding): \(said)")
            }
        }
    }

    @Test func aFileUnderProcIsRefusedAsASpecialFileOfTheSystemNotADiskError() {
        for path in ["/proc/self/mem", "/proc/self/status", "/proc/version", "/sys/kernel/mm/transparent_hugepage/enabled"] {
            let said = message { _ = try InputFile.read(path, what: "export file") }
            #expect(said.contains("is a special file of the system"), "\(path): \(said)")
            #expect(said.contains("not an export file"), "\(path): \(said)")
            #expect(!said.contains("disk reported"), "\(path): \(said)")
        }
    }

    @Test func aLargeFileThatIsNotTextIsRefusedAtItsFirstPartNotReadWhole() throws {
        try inFolder { folder in
            let path = folder + "/video.json"
            var start = Data("{\"cards\": [".utf8)
            start.append(contentsOf: (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
            try start.write(to: URL(fileURLWithPath: path))
            let said = message { _ = try InputFile.read(path, what: "export file") }
            #expect(said.contains("is not text: its first 64 KB hold bytes no UTF-8 text has"), "\(said)")
            #expect(said.contains("Nothing was changed"), "\(said)")
        }
    }

    @Test func aLargeDatabaseGivenAsAnImportIsNamedADatabaseAtItsFirstBytes() throws {
        try inFolder { folder in
            let path = folder + "/shop.store"
            var start = Data("SQLite format 3\u{0}".utf8)
            start.append(Data(count: 200_000))
            try start.write(to: URL(fileURLWithPath: path))
            let said = message { _ = try InputFile.read(path, what: "file to import") }
            #expect(said.contains("is an SQLite database (a store, perhaps), not a file to import"), "\(said)")
        }
    }

    /// Issue 33's twenty-third pass: `cardshow import "$(cat list.txt)"` of a file with CRLF line
    /// ends was "There is no file to import at a.json\u{D}. Check the path.", the carriage
    /// return shown but not named.
    @Test func aMissingFileWhosePathEndsWithALineEndIsSaidToEndSo() throws {
        try inFolder { folder in
            for (end, words) in [("\r", "carriage return (\\r)"), ("\n", "line feed (\\n)")] {
                #expect {
                    _ = try InputFile.read(folder + "/a.json" + end, what: "file to import")
                } throws: { error in
                    "\(error)".contains("Its path ends with a \(words), as a path read from a file saved with CRLF line ends does")
                }
            }
        }
    }

    /// Issue 33's twenty-second pass: a database under 64 KB (a new Trendy store is 40 KB) was
    /// left to each reader: "not valid JSON at line 1: 'S' where a value should be", "not UTF-8
    /// text. Save it as UTF-8", a calendar property of "SQLite format 3\u{0}…".
    @Test func aSmallDatabaseGivenAsAnImportIsNamedADatabaseAsALargeOneIs() throws {
        try inFolder { folder in
            let path = folder + "/t.store"
            var start = Data("SQLite format 3\u{0}".utf8)
            start.append(Data(count: 40_944))
            try start.write(to: URL(fileURLWithPath: path))
            for what in ["export file", "calendar file", "deck list"] {
                let said = message { _ = try InputFile.read(path, what: what) }
                #expect(said.contains("is an SQLite database (a store, perhaps), not a"), "\(said)")
            }
        }
    }

    @Test func aLargeTextFileWhoseFirstPartEndsInsideACharacterIsReadWhole() throws {
        try inFolder { folder in
            let path = folder + "/e.json"
            // 65,535 bytes of "a" and then "é" (two bytes): the first 64 KB end between them.
            let text = String(repeating: "a", count: 65_535) + String(repeating: "é", count: 10_000)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(try InputFile.read(path).count == text.utf8.count)
        }
    }
}

/// A file larger than any a command reads is refused before it is read.
@Suite struct LargestInputFileTests {
    /// A sparse file one byte over the bound: no disk space, and a read of it would take
    /// gigabytes of memory.
    static func oversized(in folder: String, named name: String) throws -> String {
        let path = folder + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(InputFile.largestFile + 1))
        try handle.close()
        return path
    }

    @Test func aFileOverTheLargestIsRefusedNamingItsSizeAndTheBound() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.oversized(in: folder, named: "big.json")
        let error = #expect(throws: InputFileError.self) { try InputFile.read(path, what: "export file") }
        #expect(error?.description == "The export file \(path) is 1,025 MB, larger than the 1,024 MB "
                + "any export file is read up to: check that it is the file you meant. Nothing was changed.")
    }

    @Test(arguments: [["cardshow", "import", "FILE", "--format", "csv"], ["trendy", "import", "FILE"],
                      ["trendy", "import-ics", "FILE", "--default-type", "W"], ["coupontracker", "import", "FILE"],
                      ["coupontracker", "templates", "--templates", "FILE"], ["assetflow", "import", "2026-01-01", "FILE"]])
    func eachToolsImportOfAFileOverTheLargestIsRefusedBeforeItIsRead(_ command: [String]) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.oversized(in: folder, named: "big.csv")
        let process = ToolProcess(command[0], environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        if command[0] != "coupontracker" {
            _ = try process.runShell(AllToolsConventionTests.storing("Name", tool: command[0], folder: folder))
        }
        let started = Date()
        let output = try process.run(command.dropFirst().map { $0 == "FILE" ? path : $0 } + (command[0] == "coupontracker" ? [] : ["--store", folder + "/s.store"]))
        #expect(output.status == 1, "\(command): \(output.stderr)")
        #expect(output.stderr.contains("is 1,025 MB, larger than the 1,024 MB"), "\(command): \(output.stderr)")
        #expect(Date().timeIntervalSince(started) < 20, "\(command)")
    }
}
