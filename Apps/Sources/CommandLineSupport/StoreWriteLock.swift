import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One writing command of a tool at a time on one store, across processes, for as long
/// as the command runs.
///
/// A command that adds a name checks that no record has it and then saves; the engine's
/// save is one transaction, but the check is a read before it, so two processes adding
/// "Coffee" at once could both find it free and both save. A unique attribute would not
/// tell the second one either: the engine, as SwiftData, writes an insert that meets a
/// unique key over the row it meets (the second type would silently replace the first's
/// colour and icon). The engine's `ModelContext.transaction(block:)` holds other writers
/// off from a block's first read to its save, but a command's checks and its save are
/// spread over several calls of its app's library, so the tools hold this lock for the
/// whole command instead: the second process waits, then finds the name taken and says so.
///
/// The lock is `flock` on a file beside the store (`STORE-lock`), never on the store
/// itself, whose locks are SQLite's. The file stays: removing it while another process
/// waits on it would let a third take a lock on a new one.
public enum StoreWriteLock {
    /// How long a command waits for another to finish before it gives up.
    public static let patience: TimeInterval = 30

    nonisolated(unsafe) private static var held: [String: Int32] = [:]

    /// Takes the lock of the store at `url` for the rest of the process (a second call for
    /// the same store does nothing). A store whose folder this user may not write in is
    /// not locked: nothing can be written there anyway, and the write says why.
    public static func hold(for url: URL, tool: String, now: () -> Date = Date.init) throws {
        // Beside the file itself: a store named through a link and by its own path is one store.
        let path = url.resolvingSymlinksInPath().path + "-lock"
        guard held[path] == nil else { return }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let started = now()
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                close(descriptor)
                return
            }
            if now().timeIntervalSince(started) > patience {
                close(descriptor)
                throw ToolError("Another \(tool) has been changing the store \(TerminalText.quoted(url.path)) for "
                                + "\(Int(patience)) seconds. Nothing was changed; try again when it has finished.")
            }
            usleep(50_000)
        }
        held[path] = descriptor
    }
}
