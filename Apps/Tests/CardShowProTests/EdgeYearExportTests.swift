import CommandLineTestSupport
import Foundation
import Testing

/// An export always imports again: a card acquired on the first day of the years a
/// dealer's dates fall in, at a time ahead of UTC, is in the year before them in the
/// export's UTC.
@Suite struct EdgeYearExportTests {
    @Test func anExportOfACardAcquiredOnTheFirstDayAheadOfUTCImportsAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("EdgeYearExportTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = CardShowProcess(dataHome: folder)
        let first = folder.appendingPathComponent("first.store").path, second = folder.appendingPathComponent("second.store").path
        let file = folder.appendingPathComponent("cards.json").path
        for arguments in [["card", "add", "--name", "A", "--set", "S", "--number", "1", "--acquired", "1900-01-01T05:00:00+09:00"],
                          ["export", "--format", "json", "--output", file]] {
            let output = try tool.run(arguments + ["--store", first])
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("1899-12-31T20:00:00Z"))
        let imported = try tool.run(["import", file, "--store", second])
        #expect(imported.status == 0, "\(imported.stderr)")
    }
}
