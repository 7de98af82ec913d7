import ChildProcessSupport
import CommandLineTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `cardshow sync` against a server that takes the connection and never answers: a listening
/// socket nothing accepts from, so the system completes each connection and keeps the request.
/// The sync waits for its timeout, then says it is offline, and while it waits it keeps no
/// processor busy (through `URLSession` on Linux a sync kept a core busy for all of its wait).
@Suite struct SilentSyncServerTests {
    static let token = "k3J9vQ2mX8pL4wR7tY1uZ6nB5cD0eF3gH"
    let directory: TemporaryDirectory
    let listener: Int32
    let port: UInt16

    init() throws {
        directory = try TemporaryDirectory()
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0, "no socket: errno \(errno)")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, address, &length) == 0
            }
        }
        if !listening { close(listener) }
        try #require(listening, "no listening socket: errno \(errno)")
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Starts `cardshow sync` to the silent server, waiting at most `timeout` seconds.
    func startSync(timeout: Int) throws -> (ChildProcess, Pipe) {
        let tool = try #require(ToolProcess("cardshow").executable, "build cardshow first: swift build")
        let process = ChildProcess()
        process.executableURL = tool
        process.arguments = ["--store", directory.file("cards.store").path, "sync", "--server", "http://127.0.0.1:\(port)",
                             "--timeout", String(timeout)]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["CARDSHOW_SYNC_TOKEN": Self.token, "XDG_DATA_HOME": directory.url.path]) { _, new in new }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    /// The processor time `process` has used so far, in seconds (user and system).
    func processorSeconds(of process: ChildProcess) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
        // The fields after the command's name, which is in parentheses and may hold spaces.
        let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
        let user = try #require(fields.count > 13 ? Double(fields[12]) : nil, "unreadable /proc stat: \(stat)")
        let system = try #require(Double(fields[13]), "unreadable /proc stat: \(stat)")
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func aSyncWaitingForAServerThatDoesNotAnswerKeepsNoProcessorBusy() async throws {
        defer { close(listener) }
        let (process, _) = try startSync(timeout: 8)
        defer { process.terminate(); process.waitUntilExit() }
        try await Task.sleep(for: .seconds(2))
        let waiting = try processorSeconds(of: process)
        try await Task.sleep(for: .seconds(4))
        // Four seconds of waiting: a busy core would spend most of them, even shared with other tests.
        let spent = try processorSeconds(of: process) - waiting
        #expect(spent < 0.5, "\(spent) s of processor time in 4 s of waiting")
    }

    @Test func aServerThatDoesNotAnswerLeavesTheSyncOfflineAfterItsTimeout() async throws {
        defer { close(listener) }
        let (process, errors) = try startSync(timeout: 2)
        // Its few words fit the pipe's buffer: read once it has ended, waited for without
        // holding one of the threads the tests' tasks share.
        while process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        let said = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
        #expect(process.terminationStatus != 0)
        #expect(said.contains("Offline") && said.contains("(127.0.0.1:\(port) did not answer within 2 seconds)"), "\(said)")
    }
}
