import ChildProcessSupport
import Foundation
import Testing

/// The tests start programs through `ChildProcess`, as Foundation's `Process` would, without
/// listing this process's descriptors (where Foundation's can stop the test run).
@Suite struct ChildProcessTests {
    private func shell(_ script: String) -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        return process
    }

    private func output(of process: ChildProcess) throws -> String {
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aChildStartedWhileThousandsOfDescriptorsAreOpenRunsAndEndsWithItsStatus() throws {
        let opened = (0..<2_000).map { _ in open("/dev/null", O_RDONLY) }
        defer { for descriptor in opened where descriptor >= 0 { close(descriptor) } }
        #expect(opened.allSatisfy { $0 >= 0 })
        let process = shell("exit 7")
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 7)
        #expect(process.terminationReason == .exit)
    }

    @Test func aChildHasOnlyItsStandardStreamsOpen() throws {
        let opened = (0..<50).map { _ in open("/dev/null", O_RDONLY) }
        defer { for descriptor in opened where descriptor >= 0 { close(descriptor) } }
        // `ls` lists its own descriptors, with the one it reads the list through (3).
        let listed = try output(of: shell("exec ls /proc/self/fd")).split(separator: "\n")
        #expect(listed == ["0", "1", "2", "3"])
    }

    @Test func aPipesOutputEndsWhenTheChildEnds() throws {
        #expect(try output(of: shell("echo one; echo two")) == "one\ntwo\n")
    }

    @Test func aChildStartsInTheGivenFolderWithTheGivenEnvironment() throws {
        let process = shell("pwd; echo \"$GREETING\"")
        process.currentDirectoryURL = URL(fileURLWithPath: "/usr")
        process.environment = ["GREETING": "hello"]
        #expect(try output(of: process) == "/usr\nhello\n")
    }

    @Test func aStreamSetToNilIsTheNullDevice() throws {
        let process = shell("cat")
        process.standardInput = nil
        #expect(try output(of: process) == "")
    }

    @Test func aChildStartsWithNoSignalBlocked() throws {
        let blocked = try output(of: shell("grep SigBlk /proc/self/status"))
        #expect(blocked == "SigBlk:\t0000000000000000\n")
    }

    @Test func aChildEndedBySIGTERMReportsTheSignal() throws {
        let process = shell("exec sleep 30")
        try process.run()
        #expect(process.isRunning)
        process.terminate()
        process.waitUntilExit()
        #expect(!process.isRunning)
        #expect(process.terminationStatus == SIGTERM)
        #expect(process.terminationReason == .uncaughtSignal)
    }

    /// Foundation's `Process` fails only now and then, on a run with many stores open: a
    /// test that brings it back would pass alone and stop a later run of every test.
    @Test func noTestStartsAProgramThroughFoundationsProcess() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var users: [String] = []
        for folder in ["Tests", "MacroTests/Tests", "Apps/Tests", "Apps/Sources", "Sources"] {
            let root = repository.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                if text.range(of: #"(?<![\w.])Process\(\)"#, options: .regularExpression) != nil {
                    users.append(file.path.replacingOccurrences(of: repository.path + "/", with: ""))
                }
            }
        }
        #expect(users.isEmpty, "use ChildProcess() in \(users)")
    }

    @Test func aProgramThatIsNotThereIsNoSuchFileNotACrash() {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/nonexistent/program")
        #expect(throws: POSIXError(.ENOENT)) { try process.run() }
    }
}
