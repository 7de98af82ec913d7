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
///
/// A folder that some users may write but not read (`chmod 733`: a drop box) cannot be
/// opened by them, so in such a folder every sync also locks a file in it,
/// ``lockFileName``, which is left there: a process that may read the folder and one that
/// may not then take turns too.
final class SyncStoreLock {
    /// The file locked in a folder that some users may write but not read.
    static let lockFileName = ".openswiftdata-sync.lock"

    private var descriptors: [Int32] = []

    /// Called once when a lock is held elsewhere, before this waits for it.
    private let whileWaiting: @Sendable () async -> Void
    private var hasWaited = false

    /// Waits for the locks of the stores at `urls` (in-memory stores have none), calling
    /// `whileWaiting` once if another process (or client) holds one: another sync, or any
    /// program that locks the folder, for as long as it holds it.
    init(storesAt urls: [URL], whileWaiting: @escaping @Sendable () async -> Void = {}) async throws {
        self.whileWaiting = whileWaiting
        let folders = Set(urls.filter { $0.isFileURL && $0.path != "/dev/null" }.map { Self.folder(ofStoreAt: $0) })
        do {
            for folder in folders.sorted() {
                // The folder first, then its lock file, in every process: one that holds
                // the folder and waits for the file waits for one that needs only the file.
                let folderDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
                if folderDescriptor >= 0 { try await lock(folderDescriptor) }
                if folderDescriptor < 0 || Self.hasWriteOnlyUsers(folder) {
                    // A folder that cannot be opened nor written in (gone, or closed to this
                    // user) cannot be locked; the store's own open reports what is wrong with it.
                    guard let fileDescriptor = try Self.openLockFile(in: folder) else { continue }
                    try await lock(fileDescriptor)
                }
            }
        } catch {
            release()
            throw error
        }
    }

    /// Waits for an exclusive `flock` of the descriptor, which is closed on release.
    private func lock(_ descriptor: Int32) async throws {
        descriptors.append(descriptor)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return }
            if errno == EWOULDBLOCK, !hasWaited {
                hasWaited = true
                await whileWaiting()
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// Opens the folder's lock file, making it if it is not there; nil when the folder cannot
    /// be written in. Other users may write the folder, so the name is never followed as a
    /// link (a link to a file only root may read, made readable by root's sync, or a file made
    /// wherever it points), never waited on (a FIFO), and must be an ordinary file; only a
    /// file this call made is given the mode that lets every user lock it.
    static func openLockFile(in folder: String) throws -> Int32? {
        let path = (folder as NSString).appendingPathComponent(lockFileName)
        let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        var descriptor = open(path, flags | O_CREAT | O_EXCL, 0o644)
        if descriptor >= 0 {
            // Readable by the other users whatever this process's umask.
            fchmod(descriptor, 0o644)
            return descriptor
        }
        guard errno == EEXIST else { return nil }
        let what = "\(path), the file syncs of stores in that folder lock to take turns,"
        descriptor = open(path, flags)
        guard descriptor >= 0 else {
            guard errno == ELOOP else {
                throw SyncError.unsupportedSetup("\(what) cannot be opened (\(String(cString: strerror(errno)))), so this sync "
                                                    + "did not start. Let every user read it (chmod 644), or remove it; the next sync makes it anew.")
            }
            throw SyncError.unsupportedSetup("\(what) is a symbolic link, so this sync did not start. Remove it; the next sync makes the file anew.")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw SyncError.unsupportedSetup("\(what) is not an ordinary file (a folder or a FIFO), so this sync did not start. "
                                                + "Remove it; the next sync makes it anew.")
        }
        return descriptor
    }

    /// Whether the folder's group or other users may write and enter it but not read it:
    /// they cannot open it to lock it.
    static func hasWriteOnlyUsers(_ folder: String) -> Bool {
        var status = stat()
        guard stat(folder, &status) == 0 else { return false }
        let mode = status.st_mode
        func writeOnly(read: mode_t, write: mode_t, search: mode_t) -> Bool {
            mode & read == 0 && mode & write != 0 && mode & search != 0
        }
        return writeOnly(read: S_IRGRP, write: S_IWGRP, search: S_IXGRP) || writeOnly(read: S_IROTH, write: S_IWOTH, search: S_IXOTH)
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
