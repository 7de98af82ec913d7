import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The places a tool's output may be sent that are not ordinary files.
public enum OutputTarget {
    /// Makes a FIFO at `path`.
    public static func makeFIFO(at path: String) -> Bool { mkfifo(path, 0o644) == 0 }

    /// Whether `path` is a FIFO (not replaced by a regular file).
    public static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    /// Whether `path` is a symbolic link (not replaced by a regular file).
    public static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// `/dev/full`, which takes no byte: every write fails as on a full disk. Nil where there is none.
    public static func full() -> FileHandle? { FileHandle(forWritingAtPath: "/dev/full") }
}
