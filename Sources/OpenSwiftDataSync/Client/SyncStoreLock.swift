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
/// store. The folder is the one the file is in once symbolic links are followed. A
/// process that dies lets go of it. Syncs of stores that share a folder take
/// turns. A sync waits for the lock without holding a thread.
final class SyncStoreLock {
    private var descriptors: [Int32] = []

    /// Waits for the locks of the stores at `urls` (in-memory stores have none).
    init(storesAt urls: [URL]) async throws {
        let folders = Set(urls.filter { $0.isFileURL && $0.path != "/dev/null" }.map { Self.folder(ofStoreAt: $0) })
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

    /// The folder the store's file is in, through symbolic links: SQLite follows a link
    /// to the file it names (whose `-wal` is beside it), so a store reached through a link
    /// in another folder is the same store, and its syncs must take the same lock. A file
    /// not there yet is taken as given.
    static func folder(ofStoreAt url: URL) -> String {
        let path = url.standardizedFileURL.path
        guard let resolved = realpath(path, nil) else { return url.deletingLastPathComponent().standardizedFileURL.path }
        defer { free(resolved) }
        return (String(cString: resolved) as NSString).deletingLastPathComponent
    }

    /// Lets go of every lock; closing a descriptor releases its `flock`.
    func release() {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }

    deinit { release() }
}
