import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import GetDiced

/// `deck export -o` writes ordinary files only: it follows a link and refuses pipes and devices.
@Suite("getdiced deck export files")
struct DeckExportFileTests {
    let directory: TemporaryDirectory
    let cli = GetDicedProcess()
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        let opened = try TestCatalog.database(in: directory)
        try TestCatalog.buildSinglesDeck(in: opened)
        database = directory.file("user.db")
    }

    @Test func exportThroughASymbolicLinkWritesTheLinkedFileAndKeepsTheLink() throws {
        let target = directory.file("real.txt")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let link = directory.file("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let export = try cli.run(["deck", "export", "Gordon Singles", "-o", link, "--force", "--db", database])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Flip Gordon"))
    }

    @Test func anExportToAFileSaysWhatItWroteOnStandardOutputAsTheOtherToolsExportsDo() throws {
        let file = directory.file("deck.txt")
        let export = try cli.run(["deck", "export", "Gordon Singles", "-o", file, "--db", database])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout == "Wrote \(file).\n", "\(export.stdout)")
        #expect(!export.stderr.contains("Wrote"), "\(export.stderr)")
    }

    @Test func exportRefusesAFIFOAndLeavesItInPlace() throws {
        let fifo = directory.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let export = try cli.run(["deck", "export", "Gordon Singles", "-o", fifo, "--force", "--db", database])
        #expect(export.status != 0)
        #expect(export.stderr.contains("is a pipe (FIFO), not a file"))
        var info = stat()
        #expect(lstat(fifo, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
    }
}

extension DeckExportFileTests {
    @Test func exportToAFullStandardOutputFailsWithAMessage() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "this test needs /dev/full")
        defer { try? full.close() }
        let export = try cli.run(["deck", "export", "Gordon Singles", "--db", database], standardOutput: full)
        #expect(export.status != 0)
        #expect(export.stderr.contains("could not write the output"))
    }

    @Test func anExportOntoTheDatabaseItselfIsRefusedAndTheDatabaseIsKept() throws {
        let before = FileManager.default.contents(atPath: database)
        for output in [database, database + "-wal"] {
            let export = try cli.run(["deck", "export", "Gordon Singles", "-o", output, "--force", "--db", database])
            #expect(export.status != 0)
            #expect(export.stderr.contains("would replace the database"), "\(export.stderr)")
        }
        #expect(FileManager.default.contents(atPath: database) == before)
        #expect(try cli.run(["deck", "show", "Gordon Singles", "--db", database]).status == 0)
    }
}

extension DeckExportFileTests {
    @Test func anExistingOutputFileIsRefusedNamingItWithItsLineBreakEscaped() throws {
        let output = directory.file("deck\nlist.txt")
        try Data("old".utf8).write(to: URL(fileURLWithPath: output))
        let export = try cli.run(["deck", "export", "Gordon Singles", "-o", output, "--db", database])
        // Before: "Error: …/deck", a new line, "list.txt already exists; pass --force to overwrite it".
        #expect(export.status != 0)
        #expect(export.stderr.contains("deck\\u{A}list.txt already exists, so nothing was written: pass --force to replace it"),
                "\(export.stderr)")
        #expect(FileManager.default.contents(atPath: output) == Data("old".utf8))
    }
}
