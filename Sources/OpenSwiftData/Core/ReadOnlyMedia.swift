import Foundation

/// Whether a store file is one nothing can change: on read-only media, or in a folder this
/// process may not write in while no writer has the store open. SQLite reads a WAL store
/// through `-wal` and `-shm` files beside it, which it cannot make there; such a store is
/// opened as immutable instead. Public behind an SPI name for the reference apps' tools,
/// whose backups read the store with SQLite directly.
@_spi(Tools) public enum ReadOnlyMedia {
    /// Whether the store at `url` is on read-only media (a CD, a read-only bind mount, a
    /// sealed disk image), or in a folder this user may not write in with no pages in its
    /// -wal file.
    public static func holds(_ url: URL) -> Bool {
        guard access(url.deletingLastPathComponent().path, W_OK) != 0 else { return false }
        if errno == EROFS { return true }
        guard errno == EACCES else { return false }
        var log = stat()
        return stat(url.path + "-wal", &log) != 0 || log.st_size == 0
    }

    /// The path SQLite opens the store at `url` by when ``holds(_:)``: a URI telling it that
    /// nothing can change the file, which then needs no `-shm`. Open it read-only.
    public static func immutablePath(of url: URL) -> String { url.absoluteString + "?immutable=1" }
}
