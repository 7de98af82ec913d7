import FileStamps
import Foundation

/// Whether two paths name one file: by their text once made absolute, or, for a backup that
/// is a symbolic or hard link to the store, by the file both lead to. Compared by text alone,
/// `cardshow restore link.backup` of a link to the store "restored" the store from itself.
enum SameFile {
    static func check(_ one: URL, _ other: URL) -> Bool {
        if one.standardizedFileURL.path == other.standardizedFileURL.path { return true }
        guard let first = FileIdentity(path: one.path) else { return false }
        return FileIdentity(path: other.path) == first
    }
}
