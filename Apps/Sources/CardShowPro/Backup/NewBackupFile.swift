import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a finished backup under a name no other file has, never over one.
///
/// Backup names carry the second they were made in, so two backups in one second (two
/// restores in a row, or two stores in one folder backed up by a script) ask for one name.
/// Renaming into place would let the second replace the first while both report success,
/// and a check that the name is free before the rename would let two processes both find
/// it free. A hard link fails when the name is taken, in one step, so each backup takes a
/// name of its own: `NAME.backup`, else `NAME-2.backup`, `NAME-3.backup` …
enum NewBackupFile {
    /// Gives `partial` the name `suggested`, or the first of `suggested`-2, -3 … up to
    /// `maximum` that no file has, and returns that name. `partial` is gone afterwards.
    static func place(_ partial: URL, near suggested: URL, upTo maximum: Int = maximumNumber) throws -> URL {
        defer { unlink(partial.path) }
        for number in 1...max(maximum, 1) {
            let candidate = numbered(suggested, number)
            if link(partial.path, candidate.path) == 0 { return candidate }
            switch errno {
            case EEXIST: continue
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
                // A file system without hard links: take the name by creating it
                // exclusively, then move the backup over the empty file we own.
                let claimed = open(candidate.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                if claimed < 0, errno == EEXIST { continue }
                guard claimed >= 0 else { throw cannotWrite(candidate) }
                close(claimed)
                guard rename(partial.path, candidate.path) == 0 else {
                    let error = cannotWrite(candidate)
                    unlink(candidate.path)
                    throw error
                }
                return candidate
            default:
                throw cannotWrite(candidate)
            }
        }
        throw BackupError.failed("there are already \(maximum) backups named like \(suggested.lastPathComponent) in "
                                 + "\(suggested.deletingLastPathComponent().path); move some of them away and try again")
    }

    /// How many backups of one name and second a folder may hold: far more than any
    /// script makes in a second, and a bound on the search for a free name.
    static let maximumNumber = 10_000

    /// `NAME.backup` for 1, `NAME-2.backup` for 2 …
    static func numbered(_ url: URL, _ number: Int) -> URL {
        guard number > 1 else { return url }
        let stem = url.deletingPathExtension().lastPathComponent
        let name = url.pathExtension.isEmpty ? "\(stem)-\(number)" : "\(stem)-\(number).\(url.pathExtension)"
        return url.deletingLastPathComponent().appendingPathComponent(name)
    }

    private static func cannotWrite(_ url: URL) -> BackupError {
        BackupError.failed("cannot write \(url.path): \(String(cString: strerror(errno)))")
    }
}
