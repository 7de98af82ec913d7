import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a finished new database at its path, never over a file already there.
///
/// Two `getdiced init` of one path at once both find the path free and both prepare a copy.
/// Renaming the copy into place would let the second replace the first's database while the
/// first is using it, and a check that the path is free before the rename would let both find
/// it free. A hard link fails when the name is taken, in one step: the first takes the path,
/// and the others are told a database exists there, as a second init run after it is (not
/// about their own temporary copy, a file the user never named).
///
/// The copy is named `PATH.partial-PID-UUID`: the process id lets a later init tell the copy
/// a killed init left (its process gone) from one another init is making right now.
enum NewDatabaseFile {
    /// Where an init of `path` prepares its copy.
    static func partialPath(for path: String) -> String {
        path + ".partial-\(getpid())-\(UUID().uuidString)"
    }

    /// Removes the copies, and SQLite's files beside them, that inits of `path` killed
    /// before they finished left behind; a copy whose process still runs is kept.
    static func removeLeftovers(of path: String) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let prefix = name + ".partial-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "/" : directory) else { return }
        for candidate in names where candidate.hasPrefix(prefix) {
            // PID-UUID, then SQLite's -journal or -wal for its files.
            let parts = candidate.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count >= 6, let owner = Int32(parts[0]), owner > 0,
                  UUID(uuidString: parts[1...5].joined(separator: "-")) != nil, !isRunning(owner) else { continue }
            unlink((directory.isEmpty ? "" : directory) + "/" + candidate)
        }
    }

    private static func isRunning(_ process: Int32) -> Bool {
        process == getpid() || kill(process, 0) == 0 || errno == EPERM
    }

    /// Gives `partial` the name `path`; `partial` is gone afterwards, whatever happens.
    static func place(_ partial: String, at path: String) throws {
        defer { unlink(partial) }
        if link(partial, path) == 0 { return }
        switch errno {
        case EEXIST:
            throw GetDicedError.databaseAlreadyExists(path: path)
        case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
            // A file system without hard links: Foundation's move, which refuses a path that is
            // taken (it checks first, so two processes could still meet here; such file systems
            // are rare for a database).
            guard !FileManager.default.fileExists(atPath: path) else { throw GetDicedError.databaseAlreadyExists(path: path) }
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        default:
            // The error Foundation's move would give, in the words the tools already use for it.
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        }
    }
}
