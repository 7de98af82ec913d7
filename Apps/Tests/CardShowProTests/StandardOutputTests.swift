import Foundation
import Testing

/// A write to standard output that fails (a full disk) ends in an error, not exit status 0.
@Suite("cardshow standard output")
struct StandardOutputTests {
    let home: TemporaryDirectory
    let cli: CardShowProcess

    init() throws {
        home = try TemporaryDirectory()
        cli = CardShowProcess(dataHome: home.url)
        let add = try cli.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64"])
        #expect(add.status == 0, "\(add.stderr)")
    }

    func runToFullDevice(_ arguments: [String]) throws -> CardShowProcess.Output {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "this test needs /dev/full")
        defer { try? full.close() }
        return try cli.run(arguments, standardOutput: full)
    }

    @Test func csvExportToAFullDiskFailsWithAMessage() throws {
        let export = try runToFullDevice(["export", "--format", "csv"])
        #expect(export.status != 0)
        #expect(export.stderr.contains("could not write the output"))
    }

    /// Output of more than the 4 KB `stdout` holds met the full disk before the last flush,
    /// which found nothing left to write: the words were "a write failed".
    @Test func anExportLargerThanTheOutputBufferToAFullDiskSaysTheDiskIsFull() throws {
        for number in 1...2 {
            let add = try cli.run(["card", "add", "--name", "Mew \(number)", "--set", "Promo", "--number", "\(number)",
                                   "--notes", String(repeating: "n", count: 3_000)])
            #expect(add.status == 0, "\(add.stderr)")
        }
        let export = try runToFullDevice(["export", "--format", "json"])
        #expect(export.status != 0)
        #expect(export.stderr.contains("the disk it goes to is full"), "\(export.stderr)")
    }

    @Test func cardListToAFullDiskFailsWithAMessage() throws {
        let list = try runToFullDevice(["card", "list"])
        #expect(list.status != 0)
        #expect(list.stderr.contains("could not write the output"))
    }
}
