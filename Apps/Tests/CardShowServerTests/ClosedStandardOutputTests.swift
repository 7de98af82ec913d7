import ChildProcessSupport
import CommandLineTestSupport
import Foundation
import Testing

/// A server started with its standard output closed (`>&-`, as some service scripts start
/// one) still serves: the line saying where it listens is lost, not the server.
@Suite struct ClosedStandardOutputTests {
    @Test func aServerStartedWithStandardOutputClosedServesInsteadOfStopping() throws {
        let folder = try ServerFolder()
        let executable = try #require(ToolProcess("cardshow-server").executable)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" --store \"$1\" --port 0 >&-", executable.path, folder.store]
        let log = folder.url.appendingPathComponent("stderr.log")
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        // It trapped as soon as it listened (FileHandle's write to a closed standard output), and
        // then spent seconds writing its backtrace: what it said, not whether it still runs, shows it.
        var said = ""
        for _ in 0..<40 where !said.contains("listening on") {
            Thread.sleep(forTimeInterval: 0.1)
            said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        Thread.sleep(forTimeInterval: 1)
        said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(said.contains("listening on"), "\(said)")
        #expect(!said.contains("Fatal error"), "\(said)")
        #expect(process.isRunning, "the server ended with status \(process.terminationStatus)")
    }
}
