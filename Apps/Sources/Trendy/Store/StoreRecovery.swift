#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ControlCharacters
import SwiftData
import Foundation

/// A damaged store moved aside: where each of its files went, and why.
public struct StoreRecovery: Sendable, Equatable, CustomStringConvertible {
    public let originalURL: URL
    /// The damaged store's new path; its `-wal` and `-shm`, when it had them, sit
    /// beside it with the same suffixes.
    public let movedURL: URL
    public let movedFiles: [URL]
    public let reason: StoreDamage

    public var description: String {
        "The store at \(ControlCharacters.escaped(originalURL.path)) was damaged (\(reason)). It was moved, not deleted, to \(ControlCharacters.escaped(movedURL.path))"
            + (movedFiles.count > 1 ? " (with its \(movedFiles.dropFirst().map { $0.lastPathComponent }.joined(separator: " and ")))" : "")
            + (isShortened ? " (under a shorter name: the store's whole name with .damaged- and the time added would be longer than "
                + "a file name may be there)" : "")
            + ", and a new, empty store was started in its place. To get the old data back, restore a backup or export from the moved file with an SQLite tool."
    }

    /// Whether the store's name was shortened in the name it was moved to.
    var isShortened: Bool {
        !movedURL.lastPathComponent.hasPrefix(originalURL.lastPathComponent + ".damaged-")
    }

    /// Moves `url` and its companions to `<name>.damaged-<UTC timestamp>[-n]`. The
    /// companions go first, so that a failure part-way never leaves the old `-wal`
    /// beside a fresh store; whatever was moved is put back if a later move fails.
    static func moveAside(_ url: URL, reason: StoreDamage, now: Date) throws -> StoreRecovery {
        let files = FileManager.default
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let stamp = formatter.string(from: now).replacingOccurrences(of: ":", with: "")
        let suffixes = ["-wal", "-shm", ""]
        var attempt = 1
        var base = Self.movedPath(of: url, tail: ".damaged-" + stamp)
        while suffixes.contains(where: { files.fileExists(atPath: base + $0) }) {
            attempt += 1
            base = Self.movedPath(of: url, tail: ".damaged-" + stamp + "-\(attempt)")
        }
        var moved: [(from: String, to: String)] = []
        for suffix in suffixes where files.fileExists(atPath: url.path + suffix) {
            do {
                try files.moveItem(atPath: url.path + suffix, toPath: base + suffix)
                moved.append((url.path + suffix, base + suffix))
            } catch {
                for move in moved.reversed() { try? files.moveItem(atPath: move.to, toPath: move.from) }
                throw TrendyError.recoveryFailed(path: url.path, reason: error.localizedDescription)
            }
        }
        let order = ["", "-wal", "-shm"].filter { suffix in moved.contains { $0.to == base + suffix } }
        return StoreRecovery(originalURL: url, movedURL: URL(fileURLWithPath: base),
                             movedFiles: order.map { URL(fileURLWithPath: base + $0) }, reason: reason)
    }

    /// The path a store is moved to: its name with `tail` added, the name shortened so that
    /// its `-wal` (the longest) fits the folder's limit. A store named before trendy refused
    /// names too long for this (`StoreOptions.damagedNameOverhead`) could not be moved aside.
    static func movedPath(of url: URL, tail: String) -> String {
        let folder = url.deletingLastPathComponent()
        let limit = pathconf(folder.path, Int32(_PC_NAME_MAX))
        let longest = limit > 0 ? limit : 255
        var name = url.lastPathComponent
        while name.count > 1, name.utf8.count + tail.utf8.count + "-wal".utf8.count > longest { name.removeLast() }
        return folder.appendingPathComponent(name + tail).path
    }
}
