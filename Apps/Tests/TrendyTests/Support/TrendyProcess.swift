import ChildProcessSupport
import Foundation
import Testing

/// Runs the built `trendy` executable on a store of its own, as a user's shell would,
/// in UTC so that the times it prints do not depend on the machine's zone.
final class TrendyProcess {
    struct Output {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    static var executable: URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("trendy")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let built = package.appendingPathComponent(".build/debug/trendy")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }

    let directory: URL
    var store: String { directory.appendingPathComponent("events.store").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("TrendyTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Runs a command that must succeed and returns what it printed.
    @discardableResult
    func ok(_ arguments: String...) throws -> String {
        let output = try run(arguments)
        #expect(output.status == 0, "trendy \(arguments.joined(separator: " ")): \(output.stderr)")
        return output.stdout
    }

    @discardableResult
    func run(_ arguments: String...) throws -> Output { try run(arguments) }

    func run(_ arguments: [String]) throws -> Output {
        let process = try start(arguments)
        let out = process.output.fileHandleForReading.readDataToEndOfFile()
        let err = process.errors.fileHandleForReading.readDataToEndOfFile()
        process.process.waitUntilExit()
        return Output(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                      status: process.process.terminationStatus)
    }

    /// Starts a command without waiting for it.
    func start(_ arguments: [String]) throws -> (process: ChildProcess, output: Pipe, errors: Pipe) {
        let executable = try #require(Self.executable, "build trendy first: swift build --build-tests")
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments + ["--store", store]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = directory.path
        environment["TZ"] = "UTC"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    /// Fills the store with the demo's types and events, then cuts the file in half (without
    /// its -wal and -shm): a damaged Trendy store, whose tables can still be read. Returns what is left.
    func damageByCuttingInHalf() throws -> Data {
        try ok("demo")
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: store))
        let half = whole.prefix(whole.count / 2)
        try half.write(to: URL(fileURLWithPath: store))
        return half
    }

    func json<Value: Decodable>(_ type: Value.Type, _ arguments: String...) throws -> Value {
        try JSONDecoder().decode(type, from: Data(try ok(arguments + ["--json"]).utf8))
    }

    private func ok(_ arguments: [String]) throws -> String {
        let output = try run(arguments)
        #expect(output.status == 0, "trendy \(arguments.joined(separator: " ")): \(output.stderr)")
        return output.stdout
    }
}
