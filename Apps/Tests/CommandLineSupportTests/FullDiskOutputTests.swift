import CommandLineTestSupport
import Foundation
import Testing

/// A command that changes the store and then meets a full disk writing what it did.
@Suite struct FullDiskOutputTests {
    /// Was "Error: could not write the output: No space left on device." alone, of a type
    /// that was added: run again, it was refused as there (an event, a card, logged twice).
    @Test(arguments: ["trendy", "assetflow"])
    func aChangeWhoseOutputMeetsAFullDiskSaysWhatItDidIsDone(_ tool: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FullDisk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
        let add = tool == "trendy" ? ["types", "add", "Tea"] : ["category", "add", "Tea"]
        let list = tool == "trendy" ? ["types", "list"] : ["category", "list"]
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "this test needs /dev/full")
        defer { try? full.close() }
        let added = try process.run(add, standardOutput: full)
        #expect(added.status == 1)
        #expect(added.stderr.contains("the disk it goes to is full, so what the command had to say was lost; what it did is done."),
                "\(tool): \(added.stderr)")
        #expect(added.stderr.contains("\nLook with a listing before running it again"), "\(tool): \(added.stderr)")
        #expect(try process.run(list).stdout.contains("Tea"))
    }
}
