import Foundation
import Testing

/// Runs the built `cardshow` executable, as a dealer's shell or script would.
struct CardShowProcess {
    struct Output {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The executable beside the test bundle (`swift build --build-tests` builds both).
    static var executable: URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("cardshow")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        // From the package's own .build directory.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let built = package.appendingPathComponent(".build/debug/cardshow")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }

    /// A home of its own, so that the default store is a fresh one.
    let dataHome: URL

    init(dataHome: URL) {
        self.dataHome = dataHome
    }

    /// Environment variables set for every run, beside XDG_DATA_HOME.
    var environment: [String: String] = [:]

    /// Runs cardshow; `standardOutput` replaces the captured pipe (a file such as /dev/full).
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, standardOutput: FileHandle? = nil) throws -> Output {
        let executable = try #require(Self.executable, "build cardshow first: swift build --build-tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        for (name, value) in self.environment { environment[name] = value }
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = standardOutput ?? stdout
        process.standardError = stderr
        try process.run()
        if standardOutput != nil { try stdout.fileHandleForWriting.close() }
        // Read before waiting, so that a large output cannot fill the pipe and block.
        let out = standardOutput == nil ? stdout.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                      status: process.terminationStatus)
    }
}
