import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scratch files a backup or restore makes, and the removal of those a killed run left.
///
/// Each scratch name carries the id of the process that made it, so that a later run can
/// tell a leftover (its process is gone) from the work of a backup running right now.
enum BackupLeftovers {
    /// The prefix of the folder a restore checks its backup copy in.
    static let restorePrefix = "cardshow-restore-"
    /// Scratch files made before names carried a process id are taken as leftovers once
    /// this old: a running backup writes to its file all the time.
    static let unownedAge: TimeInterval = 3600

    /// `.NAME.PID-UUID.partial` beside `destination`.
    static func partialFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(getpid())-\(UUID().uuidString).partial")
    }

    /// `cardshow-restore-PID-UUID` in `directory`.
    static func restoreFolder(in directory: URL) -> URL {
        directory.appendingPathComponent("\(restorePrefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
    }

    /// Removes the partial backups (and their -wal, -shm, -journal files) in `directory`
    /// whose process is gone.
    static func removePartials(in directory: URL, now: Date = Date()) {
        removeLeftovers(in: directory, now: now) { name in
            guard name.hasPrefix("."), let range = name.range(of: ".partial", options: .backwards) else { return nil }
            let stem = name[..<range.lowerBound]
            guard let dot = stem.lastIndex(of: ".") else { return nil }
            return String(stem[stem.index(after: dot)...])
        }
    }

    /// Removes the restore folders in `directory` whose process is gone.
    static func removeRestoreFolders(in directory: URL, now: Date = Date()) {
        removeLeftovers(in: directory, now: now) { name in
            name.hasPrefix(restorePrefix) ? String(name.dropFirst(restorePrefix.count)) : nil
        }
    }

    /// `tag` gives the `PID-UUID` (or, in older names, `UUID`) part of a scratch name, or
    /// nil for a name that is not one.
    private static func removeLeftovers(in directory: URL, now: Date, tag: (String) -> String?) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names {
            guard let tag = tag(name) else { continue }
            let url = directory.appendingPathComponent(name)
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
                  modified < now
            else { continue }
            let owner = tag.split(separator: "-", maxSplits: 1).first.flatMap { Int32($0) }
            let abandoned = owner.map { !isRunning($0) } ?? (now.timeIntervalSince(modified) > unownedAge)
            if abandoned { try? FileManager.default.removeItem(at: url) }
        }
    }

    private static func isRunning(_ process: Int32) -> Bool {
        process == getpid() || kill(process, 0) == 0 || errno == EPERM
    }
}
