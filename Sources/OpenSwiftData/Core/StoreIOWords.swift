import Foundation

/// Why a file system call failed, in words: the system's reason for the error's POSIX
/// code, or else what the path shows (a file where a folder should be, a folder this user
/// may not write in), not Foundation's "The operation could not be completed". The
/// store's errors use it, and so do the reference apps' tools, from a package of their
/// own: hence a public interface behind an SPI name that a user's code never sees
/// unless it imports `@_spi(Tools) OpenSwiftData`.
@_spi(Tools) public enum StoreIOWords {
    /// Why `error` happened to `path` (the file or folder the call was about).
    public static func reason(for error: any Error, path: String?) -> String {
        let bridged = error as NSError
        let posix = bridged.domain == NSPOSIXErrorDomain ? bridged : bridged.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix, posix.domain == NSPOSIXErrorDomain {
            return reason(posix: Int32(posix.code), path: path)
        }
        return path.flatMap(reason(seenAt:)) ?? "the system refused"
    }

    /// Whether the file system holding `folder` has no room for the files a store opens
    /// with: less than 64 KB free, or no free inode where it counts them (a small `tmpfs`, a
    /// disk of many small files). SQLite opens a WAL store by making its `-wal` and `-shm`
    /// files beside it, the `-shm` 32 KB at once, and reports only that it cannot open the
    /// store, or that the disk failed, when it cannot.
    public static func hasNoRoomToOpenAStore(in folder: String) -> Bool {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 64 * 1024 || (info.f_files > 0 && info.f_favail == 0)
    }

    /// Why a system call that set `errno` to `code` failed on `path`.
    public static func reason(posix code: Int32, path: String?) -> String {
        switch code {
        case ENOTDIR: return "a part of its path is a file, not a folder"
        case EACCES, EPERM: return "this user may not write there"
        case EROFS: return "it is on read-only media"
        case ENOSPC, EDQUOT: return "the disk is full"
        case ENAMETOOLONG: return "a name in its path is too long"
        case ELOOP: return "a symbolic link in its path points back to itself"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// What the nearest existing part of `path` shows: a file where a folder should be,
    /// or a folder this user may not write in.
    public static func reason(seenAt path: String) -> String? {
        var part = path
        while !part.isEmpty, part != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: part, isDirectory: &isFolder) {
                if !isFolder.boolValue, part != path { return "a part of its path is a file, not a folder" }
                if isFolder.boolValue, access(part, W_OK) != 0 { return "this user may not write there" }
                return nil
            }
            part = parent(of: part)
        }
        return nil
    }

    /// `path` without its last component, "" when it has one only. Foundation's
    /// `deletingLastPathComponent` stops the process on Linux for a relative path of one
    /// character (`"x"`).
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
