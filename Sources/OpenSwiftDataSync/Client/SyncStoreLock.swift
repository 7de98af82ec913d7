import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One sync at a time of a store, whatever runs it: two processes, or two clients in one.
/// Two syncs of one store at once each read the same unsent changes and sent them under
/// sync IDs of their own: the server held every model twice, and where a unique key made
/// the second copy one with the first, the device, holding both for one row, deleted it.
///
/// The lock is `flock` on the folder of each of the container's store files: a lock on
/// the store file would need a descriptor of it, whose closing releases SQLite's own
/// (POSIX) locks of the file in this process, and a lock file would be left beside the
/// store. A process that dies lets go of it. Syncs of stores that share a folder take
/// turns. A sync waits for the lock without holding a thread.
final class SyncStoreLock {
    private var descriptors: [Int32] = []

    /// Waits for the locks of the stores at `urls` (in-memory stores have none).
    init(storesAt urls: [URL]) async throws {
        let folders = Set(urls.filter { $0.isFileURL && $0.path != "/dev/null" }.map { $0.deletingLastPathComponent().standardizedFileURL.path })
        do {
            for folder in folders.sorted() {
                let descriptor = open(folder, O_RDONLY)
                // A folder that cannot be opened (gone, or not readable) cannot be locked;
                // the store's own open reports what is wrong with it.
                guard descriptor >= 0 else { continue }
                descriptors.append(descriptor)
                while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                    guard errno == EWOULDBLOCK || errno == EINTR else { break }
                    try await Task.sleep(nanoseconds: 20_000_000)
                }
            }
        } catch {
            release()
            throw error
        }
    }

    /// Lets go of every lock; closing a descriptor releases its `flock`.
    func release() {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }

    deinit { release() }
}
