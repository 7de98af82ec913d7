import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's file creation mask (the shell's `umask`), which new stores, their folders
/// and their `-wal` files get their permissions through. One that takes away the owner's
/// own right to read or write (`umask 777`, `umask 277`) made every store tool create a
/// store of mode 000 and then fail to open it again, with SQLite's "unable to open database
/// file", leaving the unusable file behind.
public enum CreationMask {
    /// The mask, read from /proc/self/status where there is one (reading it through
    /// `umask()` means setting it, for a moment, for every thread).
    public static var current: mode_t {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return mask
        }
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// Why `tool` would not be able to use a `what` ("store", "database") it creates at `path`
    /// under `mask`, or nil when the mask leaves the owner read and write permission, or the
    /// user is root (`asRoot`), whom permissions do not stop.
    public static func problem(creating path: String, what: String = "store", tool: String, mask: mode_t = current,
                               asRoot: Bool = geteuid() == 0) -> String? {
        guard mask & 0o600 != 0, !asRoot else { return nil }
        let shown = "0" + String(mask, radix: 8)
        return "Your umask (\(shown)) takes away your own permission to read and write the files you create, so a new \(what) at "
            + "\(TerminalText.quoted(path)) would be a file \(tool) could not open again. Set a usual umask first "
            + "(umask 022, or umask 077 to keep your files to yourself) and run the command again. Nothing was changed."
    }
}
