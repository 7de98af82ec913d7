import Dispatch
import Foundation
import GRDB
import Synchronization

/// Read-only connections to a WAL store beside its writer, so that fetches never
/// wait for a save or for each other.
///
/// GRDB's `DatabasePool` would serve, but it writes to the store when it opens (it
/// creates and drops a table so that the WAL file is not empty), and opening a store
/// must leave it byte-for-byte as it was. Here the writer has already opened the
/// store in WAL mode, which creates its `-wal` and `-shm` files, so read-only
/// connections open without writing anything.
final class ReaderPool: @unchecked Sendable {
    /// How many fetches run at once; more wait for a connection.
    static let maximumCount = 4

    private let path: String
    private let configuration: Configuration
    private let idle = Mutex<[DatabaseQueue]>([])
    private let capacity = DispatchSemaphore(value: ReaderPool.maximumCount)

    init(path: String, writerConfiguration: Configuration) {
        self.path = path
        var configuration = writerConfiguration
        configuration.readonly = true
        configuration.allowsUnsafeTransactions = false
        configuration.label = (writerConfiguration.label ?? "OpenSwiftData") + ".reader"
        self.configuration = configuration
    }

    /// Runs `reads` on an idle connection, opening one when none is idle.
    func read<T>(_ reads: (Database) throws -> T) throws -> T {
        capacity.wait()
        defer { capacity.signal() }
        let connection = try idle.withLock { $0.popLast() } ?? DatabaseQueue(path: path, configuration: configuration)
        defer { idle.withLock { $0.append(connection) } }
        return try connection.inDatabase(reads)
    }

    /// Runs `body` on each idle connection, none of which a fetch can take meanwhile.
    func withIdleConnections(_ body: (Database) -> Void) {
        idle.withLock { connections in
            for connection in connections { connection.inDatabase(body) }
        }
    }

    /// Closes the idle connections: before the writer closes, so that the writer,
    /// the last connection, checkpoints the WAL and removes it.
    func close() {
        for connection in idle.withLock({ connections in defer { connections.removeAll() }; return connections }) {
            try? connection.close()
        }
    }
}
