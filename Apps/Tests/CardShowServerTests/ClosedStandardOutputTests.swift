import CommandLineTestSupport
import Foundation
import Testing

/// A server started with its standard output closed (`>&-`, as some service scripts start
/// one) still serves: the line saying where it listens is lost, not the server.
@Suite struct ClosedStandardOutputTests {
    @Test func aServerStartedWithStandardOutputClosedServesInsteadOfStopping() throws {
        let folder = try ServerFolder()
        let executable = try #require(ToolProcess("cardshow-server").executable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" --store \"$1\" --port 0 >&-", executable.path, folder.store]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        // It trapped as soon as it listened (FileHandle's write to a closed standard output).
        for _ in 0..<40 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(process.isRunning, "the server ended with status \(process.terminationStatus)")
    }
}
