#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long a file's name may be, for a store or database whose name SQLite (or the tool)
/// lengthens to make the files it keeps beside it.
///
/// A store named with 252 to 255 bytes could be made, but not its `-wal`: SQLite made the
/// store file, empty, and then failed, so the tools said only what the engine guesses
/// ("a symbolic link that points back to itself, a name too long, or a folder this user may
/// not enter") and left the empty file behind; getdiced blamed its catalog, "(not an error)".
public enum FileNameLength {
    /// The most bytes a name may have in the folder that holds `path`: the system's limit
    /// there (`NAME_MAX`), or 255 when the folder does not say (or does not exist yet).
    public static func longest(besides path: String) -> Int {
        let limit = pathconf(PathParts.folder(of: path), Int32(_PC_NAME_MAX))
        return limit > 0 ? limit : 255
    }

    /// Words for a file at `path` whose name, with `added` more bytes (what is kept beside it,
    /// `kept`), would be longer than a name may be; nil when it fits. `what` names the file:
    /// "store", "database".
    public static func problem(_ path: String, adding added: Int, for kept: String, what: String, option: String) -> String? {
        let name = PathParts.name(of: path)
        let bytes = name.utf8.count
        let longest = longest(besides: path)
        guard bytes + added > longest, bytes <= longest else { return nil }
        return "The \(what)'s file name is \(bytes) bytes long, and \(kept) (\(added) bytes more): longer than the \(longest) "
            + "bytes a file name may have there. Nothing was changed. Give \(option) a name of at most \(longest - added) bytes."
    }
}
