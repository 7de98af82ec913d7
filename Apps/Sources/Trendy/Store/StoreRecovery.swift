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
            + ", and a new, empty store was started in its place. To get the old data back, restore a backup or export from the moved file with an SQLite tool."
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
        var base = url.path + ".damaged-" + stamp
        var attempt = 1
        while suffixes.contains(where: { files.fileExists(atPath: base + $0) }) {
            attempt += 1
            base = url.path + ".damaged-" + stamp + "-\(attempt)"
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
}
