#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names (its device and inode), so that a program holding a file open can
/// tell when the path has come to name another one, or none: a store moved aside and made
/// anew, put back from a copy, or deleted, while the program still reads the file it opened;
/// and whether two paths (a link and the file it leads to) name one file.
public struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The file at `path`, its links followed; nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
