import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two paths name one file: by their text once made absolute, or, for a backup that
/// is a symbolic or hard link to the store, by the file both lead to. Compared by text alone,
/// `cardshow restore link.backup` of a link to the store "restored" the store from itself.
enum SameFile {
    static func check(_ one: URL, _ other: URL) -> Bool {
        if one.standardizedFileURL.path == other.standardizedFileURL.path { return true }
        var first = stat(), second = stat()
        guard stat(one.path, &first) == 0, stat(other.path, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
