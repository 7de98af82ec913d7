import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `--store` path that is a symbolic link no file answers to. SQLite reports every such
/// link alike ("cannot open the file"), and the engine can only guess why; the link itself
/// says: it goes round in a loop, or it leads into a folder that does not exist.
public enum StoreLink {
    /// What is wrong with the link at `path`, or nil when `path` is no link, or one that
    /// leads to a file, or to a file yet to be made in a folder that exists.
    public static func problem(at path: String, storeName: String, option: String = "--store") -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        guard stat(path, &info) != 0 else { return nil }
        if errno == ELOOP {
            return "\(TerminalText.quoted(path)) is a symbolic link that leads back to itself (through the links it names), "
                + "so it names no \(storeName). Nothing was changed. Give the path of the file itself with \(option), "
                + "or make the link point at it."
        }
        guard errno == ENOENT, let target = finalTarget(of: path) else { return nil }
        let folder = PathParts.folder(of: target)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) != 0 else { return nil }
        return "\(TerminalText.quoted(path)) is a symbolic link to \(TerminalText.quoted(target)), in a folder that does not exist "
            + "(\(TerminalText.quoted(folder))), so no \(storeName) can be there. Nothing was changed. Make the link point at the "
            + "store, or create the folder first."
    }

    /// The path the last of a chain of links names, each relative target read against the
    /// folder of the link that holds it; nil when the chain is longer than the system follows.
    static func finalTarget(of path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = target.hasPrefix("/") ? target : PathParts.folder(of: current) + "/" + target
        }
        return nil
    }
}
