#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells one version of a file from another: which file the path names, its size, and
/// when it was last written or had its inode changed. A reader that must not act on a file
/// half-way through a change (a token file being edited, a store being copied) reads the
/// stamp before and after, or keeps it to know when to read the file again.
public struct FileStamp: Equatable, Sendable {
    let identity: FileIdentity
    let size: Int64
    let modified: Int, modifiedNanoseconds: Int
    let changed: Int, changedNanoseconds: Int

    /// The file at `path`, its links followed; nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        identity = FileIdentity(info)
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
