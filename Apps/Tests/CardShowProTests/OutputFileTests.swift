import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--output` writes ordinary files only: it follows a link and refuses pipes and devices.
@Suite("cardshow output files")
struct OutputFileTests {
    let home: TemporaryDirectory
    let cli: CardShowProcess

    init() throws {
        home = try TemporaryDirectory()
        cli = CardShowProcess(dataHome: home.url)
        let add = try cli.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64"])
        #expect(add.status == 0, "\(add.stderr)")
    }

    func isSymbolicLink(_ url: URL) throws -> Bool {
        try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType == .typeSymbolicLink
    }

    @Test func exportThroughASymbolicLinkWritesTheLinkedFileAndKeepsTheLink() throws {
        let target = home.file("real.csv")
        try Data("old".utf8).write(to: target)
        let link = home.file("link.csv")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let export = try cli.run(["export", "--format", "csv", "--output", link.path, "--force"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try isSymbolicLink(link))
        #expect(try String(contentsOf: target, encoding: .utf8).contains("Pikachu"))
    }

    @Test func exportRefusesAFIFOAndLeavesItInPlace() throws {
        let fifo = home.file("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let export = try cli.run(["export", "--format", "csv", "--output", fifo.path])
        #expect(export.status != 0)
        #expect(export.stderr.contains("is a pipe (FIFO), not a file"))
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func backupThroughASymbolicLinkKeepsTheLink() throws {
        let target = home.file("real.backup")
        try Data().write(to: target)
        let link = home.file("link.backup")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let backup = try cli.run(["backup", "--output", link.path, "--force"])
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(try isSymbolicLink(link))
        let size = try FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int
        #expect((size ?? 0) > 0)
    }
}
