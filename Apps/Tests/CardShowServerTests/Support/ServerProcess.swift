import ChildProcessSupport
import CommandLineTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `cardshow-server`, started as a user starts it, on a free loopback port,
/// and stopped (SIGTERM, then waited for) when the test lets go of it.
final class ServerProcess: @unchecked Sendable {
    struct Reply {
        var status: Int
        var json: Any?
        var text: String
        /// The `error` of an error body.
        var error: String? { (json as? [String: Any])?["error"] as? String }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process = ChildProcess()
    let base: URL
    private let errors: Pipe

    /// Starts the server with `arguments` (its store) and waits for the line that says
    /// where it listens.
    /// With `fileLimit`, the server may have at most that many files and sockets open (`ulimit -n`).
    init(_ arguments: [String], environment: [String: String] = [:], fileLimit: Int? = nil) async throws {
        guard let executable = ToolProcess("cardshow-server").executable else {
            throw Failure(description: "build cardshow-server first: swift build --build-tests")
        }
        let arguments = arguments + ["--host", "127.0.0.1", "--port", "0"]
        if let fileLimit {
            // The shell sets the limit and becomes the server (exec): one process, the server's ID.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(["LOG_LEVEL": "error"].merging(environment) { $1 }) { $1 }
        let output = Pipe()
        errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        base = try await Self.listeningAddress(of: process, output: output.fileHandleForReading, errors: errors.fileHandleForReading)
    }

    /// The address in the server's first line; or, if the server stops first, its error.
    /// Read on a thread of its own: the reads wait for the server, and a test's tasks share
    /// a few threads that must not wait.
    private static func listeningAddress(of process: ChildProcess, output: FileHandle, errors: FileHandle) async throws -> URL {
        let firstLine = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                var line = Data()
                while let byte = try? output.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
                    line.append(first)
                }
                continuation.resume(returning: String(decoding: line, as: UTF8.self))
            }
        }
        if let range = firstLine.range(of: "http://"), let url = URL(string: String(firstLine[range.lowerBound...])) {
            return url
        }
        let stderr = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume(returning: String(decoding: errors.readDataToEndOfFile(), as: UTF8.self))
            }
        }
        throw Failure(description: "the server did not start (status \(process.terminationStatus)): \(stderr)")
    }

    /// Sends a request for `path` ("/cards?search=x") and reads the reply's JSON.
    func send(_ method: String, _ path: String, body: String? = nil) async throws -> Reply {
        guard let url = URL(string: base.absoluteString + path) else { throw Failure(description: "not a path: \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 120
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return Reply(status: status, json: try? JSONSerialization.jsonObject(with: data),
                     text: String(decoding: data, as: UTF8.self))
    }

    /// Sends `bytes` on a connection of its own, as they are (no HTTP client would send
    /// them), and reads what the server answers until it closes its side.
    func exchange(_ bytes: Data) throws -> String {
        let connection = try connect()
        try connection.send(bytes)
        return connection.readToEnd().text
    }

    /// A connection of the test's own to the server.
    func connect(timeout: Int = 30) throws -> RawConnection {
        try RawConnection(port: base.port ?? 0, timeout: timeout)
    }

    /// Stops the server and returns what it wrote on standard error.
    func stopAndReadErrors() -> String {
        stop()
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// How many files and sockets the server has open.
    func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count
    }

    /// The processor time the server has used so far, in seconds (user and system).
    func processorSeconds() throws -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8) else {
            throw Failure(description: "the server has stopped: \(stopAndReadErrors())")
        }
        // The fields after the command's name, which is in parentheses and may hold spaces.
        let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[12]), let system = Double(fields[13]) else {
            throw Failure(description: "unreadable /proc stat: \(stat)")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Stops the server as a service manager does, and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
