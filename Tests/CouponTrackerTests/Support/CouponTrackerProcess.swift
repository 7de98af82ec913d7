import Foundation
import Testing

/// Runs the built `coupontracker` executable on a store of its own, as a user's shell would.
struct CouponTrackerProcess {
    struct Output {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    static var executable: URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("coupontracker")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let built = package.appendingPathComponent(".build/debug/coupontracker")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }

    let directory: URL
    var store: String { directory.appendingPathComponent("wallet.store").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("CouponTrackerTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    func run(_ arguments: String...) throws -> Output { try run(arguments) }

    /// Runs a command that must succeed.
    @discardableResult
    func ok(_ arguments: String...) throws -> String {
        let output = try run(arguments)
        #expect(output.status == 0, "coupontracker \(arguments.joined(separator: " ")): \(output.stderr)")
        return output.stdout
    }

    func run(_ arguments: [String]) throws -> Output {
        let executable = try #require(Self.executable, "build coupontracker first: swift build --build-tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments.contains("--store") ? arguments : arguments + ["--store", store]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = directory.path
        environment["TZ"] = "UTC"
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self), status: process.terminationStatus)
    }
}
