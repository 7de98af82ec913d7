import FileStamps
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A backup that is a plain copy of a store (`cp shop.store shop.backup`: a database in WAL
/// mode with no `-wal` beside it) is checked through a copy of its bytes in the restore's
/// own folder. SQLite, opening a WAL database even read-only, makes an empty `-wal` and a
/// `-shm` beside it, which a read-only connection cannot remove, and removing them
/// afterwards could take the index from under another process that opened the file
/// meanwhile: a restore left two files beside the user's backup.
enum PlainStoreCopy {
    /// Copies `file` to `copy` when it is a WAL database with neither `-wal` nor `-shm`
    /// beside it (so the file holds all of it) and it did not change while it was copied.
    /// False, with nothing at `copy`, otherwise: the file is then read where it is.
    static func copy(_ file: URL, to copy: URL) -> Bool {
        let source = file.resolvingSymlinksInPath().path
        guard isWALDatabase(source), !exists(source + "-wal"), !exists(source + "-shm"), let before = FileStamp(path: source) else {
            return false
        }
        do {
            try FileManager.default.copyItem(atPath: source, toPath: copy.path)
        } catch {
            try? FileManager.default.removeItem(at: copy)
            return false
        }
        // A process that opened and wrote it meanwhile made a -wal, or changed the file.
        guard FileStamp(path: source) == before, !exists(source + "-wal") else {
            try? FileManager.default.removeItem(at: copy)
            return false
        }
        return true
    }

    /// An SQLite database whose header says WAL (file format versions 2 and 2).
    private static func isWALDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header.prefix(16) == Data("SQLite format 3\0".utf8) && header[18] == 2 && header[19] == 2
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
