import ChildProcessSupport
import CommandLineTestSupport
import Foundation
import Testing

/// Ctrl-\ (SIGQUIT) ends a tool or the server at once, with status 131 and without the Swift
/// runtime's crash report; before, the runtime printed "Program crashed" and a backtrace and
/// let the program go on.
@Suite struct QuitSignalTests {
    /// Starts `tool` with `arguments`, sends SIGQUIT once `ready` says it is under way, and
    /// returns its status (nil when it was still running 10 s later, and killed) and what it
    /// wrote on standard error.
    static func quit(_ tool: String, _ arguments: [String], folder: String,
                     ready: (String) -> Bool = { _ in true }) throws -> (status: Int32?, errors: String) {
        let process = ChildProcess()
        process.executableURL = ToolProcess(tool).executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"]) { $1 }
        let errorsPath = folder + "/errors.txt"
        #expect(FileManager.default.createFile(atPath: errorsPath, contents: nil))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let started = Date()
        while !ready((try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""), Date().timeIntervalSince(started) < 20 {
            usleep(50_000)
        }
        usleep(300_000)
        kill(process.processIdentifier, SIGQUIT)
        let sent = Date()
        while process.isRunning, Date().timeIntervalSince(sent) < 10 { usleep(50_000) }
        let running = process.isRunning
        if running { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try errors.close()
        let text = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        return (running || process.terminationReason != .exit ? nil : process.terminationStatus, text)
    }

    @Test func aQuitSignalEndsALongCommandWithStatus131AndNoBacktrace() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/t.store"
        #expect(try ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "TZ": "UTC"])
            .run(["types", "add", "Water", "--store", store]).status == 0)
        let (status, errors) = try Self.quit("trendy", ["follow", "--store", store], folder: folder)
        #expect(status == 131, "\(errors)")
        #expect(!errors.contains("crashed") && !errors.contains("Backtrac"), "\(errors)")
    }

    @Test func aQuitSignalEndsTheServerWithStatus131AndNoBacktrace() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (status, errors) = try Self.quit("cardshow-server", ["--store", folder + "/s.store", "--port", "0"], folder: folder) {
            $0.contains("listening")
        }
        #expect(status == 131, "\(errors)")
        #expect(!errors.contains("crashed") && !errors.contains("Backtrac"), "\(errors)")
    }
}
