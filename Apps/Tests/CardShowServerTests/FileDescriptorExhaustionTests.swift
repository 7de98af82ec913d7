import Foundation
import Testing

/// A server whose connections would use up its file descriptors (`ulimit -n`) stops
/// accepting while it keeps a reserve for its store, says so, answers the connections it
/// has, and accepts again once connections close.
@Suite struct FileDescriptorExhaustionTests {
    /// The most files and sockets the tests' servers may have open.
    static let limit = 64

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
        let server = try ServerProcess(["--store", folder.store], fileLimit: Self.limit)
        let connections = try Self.exhaust(server)
        try await Self.wait(0.5)
        let before = try server.processorSeconds()
        try await Self.wait(2)
        let used = try server.processorSeconds() - before
        // A server retrying accept at once used a whole core's worth here; one pausing, almost none.
        #expect(used < 0.3, "\(used) s of processor time in 2 s")
        withExtendedLifetime(connections) {}
    }

    @Test func runningOutOfDescriptorsIsSaidOnceOnStandardError() async throws {
        let folder = try ServerFolder()
        let server = try ServerProcess(["--store", folder.store], fileLimit: Self.limit)
        var connections = try Self.exhaust(server)
        try await Self.wait(2.5)
        connections.removeAll()
        let errors = server.stopAndReadErrors()
        let lines = errors.split(separator: "\n").filter { $0.contains("ulimit -n") }
        #expect(lines.count == 1, "\(errors)")
        #expect(lines.first?.contains("close idle clients") == true, "\(errors)")
    }

    @Test func connectionsAreAcceptedAgainOnceSomeClose() async throws {
        let folder = try ServerFolder()
        let server = try ServerProcess(["--store", folder.store], fileLimit: Self.limit)
        var connections = try Self.exhaust(server)
        try await Self.wait(0.5)
        connections.removeAll()
        let stats = try await server.send("GET", "/stats")
        #expect(stats.status == 200, "\(stats.text)")
    }

    @Test func theConnectionsItHasAreAnsweredFromItsStoreWhileItStopsAccepting() async throws {
        let folder = try ServerFolder()
        let server = try ServerProcess(["--store", folder.store], fileLimit: Self.limit)
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
