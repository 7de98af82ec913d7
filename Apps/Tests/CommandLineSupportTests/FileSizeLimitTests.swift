import CommandLineTestSupport
import Foundation
import Testing

/// A shell's `ulimit -f` met by a tool: a write past it must fail in words, not end the
/// program with SIGXFSZ ("File size limit exceeded", and nothing said of what was kept).
@Suite struct FileSizeLimitTests {
    /// Large enough for the store's `-shm` file (32 KiB), which even a listing writes.
    static let limit = 40_000

    /// getdiced lists nothing without a catalog; its writes go through the same `CommandRunner`.
    @Test(arguments: AllToolsConventionTests.tools.filter { $0 != "getdiced" })
    func outputPastTheFileSizeLimitIsReportedNotEndedBySignal(_ tool: String) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let (setup, list) = AllToolsConventionTests.listing(tool, folder: folder)
        let made = try process.run(setup)
        #expect(made.status == 0, "\(tool): \(made.stderr)")
        // Standard output is a file already at the limit, so the listing's first byte is past it.
        let listing = folder + "/listing.json"
        #expect(FileManager.default.createFile(atPath: listing, contents: Data(repeating: UInt8(ascii: " "), count: Self.limit)))
        let handle = try #require(FileHandle(forWritingAtPath: listing))
        defer { try? handle.close() }
        try handle.seekToEnd()
        process.fileSizeLimit = Self.limit
        let output = try process.run(list, standardOutput: handle)
        #expect(output.status == 1, "\(tool) ended with \(output.status): \(output.stderr)")
        #expect(output.stderr.contains("ulimit -f"), "\(tool): \(output.stderr)")
    }
}
