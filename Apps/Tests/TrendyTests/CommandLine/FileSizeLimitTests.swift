import CommandLineTestSupport
import Foundation
import Testing

/// A shell's `ulimit -f` met by trendy's writes: the store's import and the export file
/// fail in words, with nothing of either kept, instead of the program ending on SIGXFSZ.
@Suite struct FileSizeLimitTests {
    /// Above the store's `-shm` (32 KiB) and the store a type makes, below the import's log.
    static let limit = 100_000

    /// An export of `count` events of one type.
    static func export(events count: Int) -> String {
        let type = "6B7C8D9E-AAAA-4BBB-8CCC-000000000001"
        let events = (0..<count).map { index in
            let id = String(format: "6B7C8D9E-AAAA-4BBB-8CCC-%012d", index + 2)
            let time = String(format: "2026-01-01T%02d:%02d:%02d.000Z", index / 3600 % 24, index / 60 % 60, index % 60)
            return #"{"id": "\#(id)", "timestamp": "\#(time)", "typeID": "\#(type)", "isAllDay": false, "notes": "a note long enough to take some room in the log"}"#
        }
        return ##"{"version": 1, "eventTypes": [{"id": "\##(type)", "name": "Water", "colorHex": "#007AFF", "iconName": "circle"}], "events": ["##
            + events.joined(separator: ",\n") + "]}"
    }

    @Test func anImportPastTheFileSizeLimitIsRefusedInWordsAndSavesNothing() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Tea")
        let file = tool.file("big.json")
        try Self.export(events: 3_000).write(toFile: file, atomically: true, encoding: .utf8)
        var trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        trendy.fileSizeLimit = Self.limit
        let output = try trendy.run(["import", file, "--store", tool.store])
        #expect(output.status == 1, "ended with \(output.status): \(output.stderr)")
        #expect(output.stderr.contains("Nothing was changed") && output.stderr.contains("ulimit -f"), "\(output.stderr)")
        let types = try tool.ok("types", "list")
        #expect(types.contains("Tea") && !types.contains("Water"), "\(types)")
    }

    @Test func anExportPastTheFileSizeLimitIsRefusedInWordsAndLeavesNoFile() throws {
        let tool = try TrendyProcess()
        let file = tool.file("big.json")
        try Self.export(events: 1_500).write(toFile: file, atomically: true, encoding: .utf8)
        try tool.ok("import", file)
        var trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        trendy.fileSizeLimit = Self.limit
        let output = try trendy.run(["export", "--output", tool.file("out.json"), "--store", tool.store])
        #expect(output.status == 1, "ended with \(output.status): \(output.stderr)")
        #expect(output.stderr.contains("ulimit -f") && output.stderr.contains("Nothing was written"), "\(output.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: tool.directory.path).filter { $0.contains("out.json") }
        #expect(left.isEmpty, "\(left)")
    }
}
