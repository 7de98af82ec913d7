import Foundation
import Testing

/// Runs the built `getdiced` executable, as a player's shell or script would.
struct GetDicedProcess {
    struct Output {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The executable beside the test bundle (`swift build --build-tests` builds both).
    static var executable: URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("getdiced")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let built = package.appendingPathComponent(".build/debug/getdiced")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }

    /// Environment variables set (or, when nil, removed) for every run.
    var environment: [String: String?] = [:]

    /// Runs getdiced; `standardOutput` replaces the captured pipe (a file such as /dev/full).
    @discardableResult
    func run(_ arguments: [String], standardOutput: FileHandle? = nil) throws -> Output {
        let executable = try #require(Self.executable, "build getdiced first: swift build --build-tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["GETDICED_CATALOG"] = nil
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = standardOutput ?? stdout
        process.standardError = stderr
        try process.run()
        if standardOutput != nil { try stdout.fileHandleForWriting.close() }
        let out = standardOutput == nil ? stdout.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                      status: process.terminationStatus)
    }
}
