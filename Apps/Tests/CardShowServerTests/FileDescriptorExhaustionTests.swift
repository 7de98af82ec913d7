import Foundation
import Testing

/// A server whose connections would use up its file descriptors (`ulimit -n`) stops
/// accepting while it keeps a reserve for its store, says so, answers the connections it
/// has, and accepts again once connections close.
@Suite struct FileDescriptorExhaustionTests {
    /// The most files and sockets the tests' servers may have open.
    static let limit = 64

    /// A server whose connections stay open however long the test process waits: with the
    /// whole suite on two cores, a test's half-second wait has lasted over a minute, longer
    /// than the server's default idle timeout.
    static func server(_ folder: ServerFolder) async throws -> ServerProcess {
        try await ServerProcess(["--store", folder.store, "--idle-timeout", "86400"], fileLimit: limit)
    }

    /// Connections enough to use every descriptor the server has left, and twenty more
    /// waiting in its backlog (it may have started with descriptors of its parent's open).
    static func exhaust(_ server: ServerProcess) throws -> [RawConnection] {
        let left = max(0, limit - (try server.openDescriptors()))
        return try (0..<left + 20).map { _ in try server.connect() }
    }

    /// Waits without holding one of the few threads the tests share.
    static func wait(_ seconds: Double) async throws { try await Task.sleep(for: .milliseconds(Int(seconds * 1_000))) }

    @Test func outOfDescriptorsTheServerDoesNotSpinACore() async throws {
        let folder = try ServerFolder()
        let server = try await Self.server(folder)
        let connections = try Self.exhaust(server)
        try await Self.wait(0.5)
        let clock = ContinuousClock()
        let start = clock.now
        let before = try server.processorSeconds()
        try await Self.wait(2)
        let used = try server.processorSeconds() - before
        let elapsed = (clock.now - start) / .seconds(1)
        // A server retrying accept at once used a whole core's worth here; one pausing, almost none.
        #expect(used / elapsed < 0.15, "\(used) s of processor time in \(elapsed) s")
        withExtendedLifetime(connections) {}
    }

    @Test func runningOutOfDescriptorsIsSaidOnceAMinuteOnStandardError() async throws {
        let folder = try ServerFolder()
        let server = try await Self.server(folder)
        let clock = ContinuousClock()
        let start = clock.now
        var connections = try Self.exhaust(server)
        try await Self.wait(2.5)
        connections.removeAll()
        let errors = server.stopAndReadErrors()
        let lines = errors.split(separator: "\n").filter { $0.contains("ulimit -n") }
        // Once a minute at most: a loaded machine can stretch the test's wait past one.
        let minutes = Int((clock.now - start) / .seconds(60))
        #expect((1...1 + minutes).contains(lines.count), "\(errors)")
        #expect(lines.first?.contains("close idle clients") == true, "\(errors)")
    }

    @Test func connectionsAreAcceptedAgainOnceSomeClose() async throws {
        let folder = try ServerFolder()
        let server = try await Self.server(folder)
        var connections = try Self.exhaust(server)
        try await Self.wait(0.5)
        connections.removeAll()
        let stats = try await server.send("GET", "/stats")
        #expect(stats.status == 200, "\(stats.text)")
    }

    @Test func theConnectionsItHasAreAnsweredFromItsStoreWhileItStopsAccepting() async throws {
        let folder = try ServerFolder()
        let server = try await Self.server(folder)
        let connections = try Self.exhaust(server)
        try await Self.wait(0.5)
        // The first connection was accepted; a card posted on it needs the store's journal.
        let card = InventoryAPITests.pikachu
        try connections[0].send("POST /cards HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                + "Content-Length: \(card.utf8.count)\r\n\r\n\(card)")
        let answer = connections[0].read(until: "Pikachu")
        #expect(answer.hasPrefix("HTTP/1.1 201"), "\(answer)")
        withExtendedLifetime(connections) {}
    }
}
