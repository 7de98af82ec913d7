import CommandLineSupport
import Foundation
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--sync-tokens` file, read again whenever it changes: the owner signs a device out
/// by taking its token out of the file (the Sync article's rule for tokens), and a lost
/// phone must not go on syncing until the server happens to restart.
///
/// A file that cannot be read, or holds a line that is not an account and a token, while
/// the server runs signs every device out until it is fixed (no token is taken from a file
/// the owner may be half-way through changing); each sign-in is refused in its words, and
/// the server's log says so once. At start such a file stops the server, as before.
final class SyncTokenFile: Sendable {
    let path: String
    private let state: Mutex<(stamp: Stamp?, tokens: Result<SyncTokens, ToolError>)>
    private let logger = Logger(label: "cardshow-server.sync")

    /// What tells one version of the file from another: which file the path names, its
    /// size, and when it was last written or had its inode changed.
    struct Stamp: Equatable {
        let device: UInt64, inode: UInt64, size: Int64
        let modified: Int, modifiedNanoseconds: Int, changed: Int, changedNanoseconds: Int

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            #if canImport(Darwin)
            let (written, inodeChanged) = (info.st_mtimespec, info.st_ctimespec)
            #else
            let (written, inodeChanged) = (info.st_mtim, info.st_ctim)
            #endif
            modified = Int(written.tv_sec)
            modifiedNanoseconds = Int(written.tv_nsec)
            changed = Int(inodeChanged.tv_sec)
            changedNanoseconds = Int(inodeChanged.tv_nsec)
        }
    }

    /// Reads the file at `path`; throws, naming the line, for one the server cannot start with.
    init(path: String) throws {
        self.path = path
        let stamp = Stamp(path: path)
        state = Mutex((stamp, .success(try SyncTokens(path: path))))
    }

    /// The tokens as the file holds them now, read again when it changed since the last
    /// read; the words of what is wrong with it when it cannot be used.
    func current() -> Result<SyncTokens, ToolError> {
        let stamp = Stamp(path: path)
        return state.withLock { state in
            if let stamp, stamp == state.stamp { return state.tokens }
            let wasUsable = (try? state.tokens.get()) != nil
            state.stamp = stamp
            do {
                state.tokens = .success(try SyncTokens(path: path))
                if !wasUsable { logger.info("The token file \(TerminalText.quoted(path)) can be used again; devices sign in with its tokens.") }
            } catch {
                let words = "\(EngineErrorMessage.server.translate(error))"
                state.tokens = .failure(ToolError(words))
                if wasUsable {
                    logger.error("\(words) Every device is signed out until the token file is fixed.")
                }
            }
            return state.tokens
        }
    }
}
