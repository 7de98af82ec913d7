import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a store may not be written by this process, for the words of an error that
/// writing it caused: the engine reports a migration refused for that (a store an earlier
/// version wrote, in a folder or file this user may not write, or on read-only media) as it
/// reports a migration it does not know how to make, and the tools told the user the store
/// was "written by a version it does not know".
enum ReadOnlyStore {
    /// True when the file at `path`, or the folder it is in (where SQLite makes its `-wal`
    /// and `-shm` files), exists and may not be written: not this user's to write, or on
    /// read-only media.
    static func isReadOnly(_ path: String) -> Bool {
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path) else { return false }
        for target in [path, PathParts.folder(of: path)] where access(target, W_OK) != 0 {
            if [EACCES, EPERM, EROFS].contains(errno) { return true }
        }
        return false
    }
}
