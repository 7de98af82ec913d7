import CommandLineSupport
import FileStamps
import Foundation
import Logging
import Synchronization

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
    private let state: Mutex<(stamp: FileStamp?, tokens: Result<SyncTokens, ToolError>)>
    private let logger = Logger(label: "cardshow-server.sync")

    /// Reads the file at `path`; throws, naming the line, for one the server cannot start with.
    init(path: String) throws {
        self.path = path
        let stamp = FileStamp(path: path)
        state = Mutex((stamp, .success(try SyncTokens(path: path))))
    }

    /// The tokens as the file holds them now, read again when it changed since the last
    /// read; the words of what is wrong with it when it cannot be used.
    func current() -> Result<SyncTokens, ToolError> {
        let stamp = FileStamp(path: path)
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
