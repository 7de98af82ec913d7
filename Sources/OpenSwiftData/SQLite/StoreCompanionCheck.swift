import Foundation

/// Checks the paths SQLite uses beside a store file before it opens it: the `-wal`
/// and `-shm` files of a WAL store, which SQLite makes, opens and removes itself.
///
/// Something else at either path (a folder, a pipe, a device, a socket, a broken
/// link) made SQLite fail with words about a read-only database or the disk; a file
/// name too long to take the `-wal` suffix made SQLite create the store empty and
/// then fail, leaving the empty file behind. Both are said before anything is made.
enum StoreCompanionCheck {
    /// The suffixes SQLite adds to a WAL store's name, and what it keeps under each.
    private static let companions = [("-wal", "its write-ahead log"), ("-shm", "its shared-memory index")]

    static func check(_ url: URL) throws {
        let path = url.path
        try checkNameLength(path)
        for (suffix, role) in companions {
            guard let what = nonFile(at: path + suffix) else { continue }
            throw OpenSwiftDataError.storeCannotOpen(
                path: path,
                reason: "beside it, \(path + suffix) is \(what). SQLite keeps \(role) at that path, in an ordinary file it "
                    + "makes and removes itself, so the store cannot be opened while something else is there; nothing was "
                    + "changed. Move \(path + suffix) aside (it is not a file of the store's) and open the store again")
        }
    }

    /// Refuses a name that fits the folder but not with `-wal` added.
    private static func checkNameLength(_ path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let limit = pathconf(folder.isEmpty ? "." : folder, Int32(_PC_NAME_MAX))
        let longest = limit > 0 ? limit : 255
        let bytes = (path as NSString).lastPathComponent.utf8.count
        guard bytes <= longest, bytes + 4 > longest else { return }
        throw OpenSwiftDataError.storeCannotOpen(
            path: path,
            reason: "its file name is \(bytes) bytes long, and SQLite keeps its write-ahead log beside it under the same name "
                + "with \"-wal\" added, longer than the \(longest) bytes a file name may have there; nothing was made. "
                + "Give the store a file name of at most \(longest - 4) bytes")
    }

    /// What is at `path` when it is something other than an ordinary file (or a link
    /// to one); nil when it is one, or nothing is there.
    ///
    /// What is not a link is judged by the one `lstat`: another process's SQLite removes
    /// the `-wal` when its last connection closes, and a second look could find it gone
    /// and take a store in use for one with something else beside it.
    private static func nonFile(at path: String) -> String? {
        var link = stat()
        guard lstat(path, &link) == 0 else { return nil }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        let target = isLink ? (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?" : ""
        var info = link
        if isLink, stat(path, &info) != 0 { return "a symbolic link to \(target), which does not exist" }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a named pipe"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not an ordinary file"
        }
        return isLink ? "a symbolic link to \(target), which is \(kind)" : kind
    }
}
