import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the five tools keep their stores when no `--store` or `--db` is given: one rule
/// for all of them, so that with `HOME` unset, relative or a file they still agree.
///
/// - On Linux: `$XDG_DATA_HOME` when it is an absolute path (the XDG spec ignores a
///   relative one), else `HOME/.local/share`; on Darwin `HOME/Library/Application Support`.
/// - `HOME` is `$HOME` when it is an absolute path, as the shell takes it, even when it
///   is not a folder (a command that creates the store then says that a part of the path
///   is a file); else, unset or relative, the account's home folder from the user
///   database; else `/`.
public enum DataFolder {
    /// The folder under which each tool keeps a folder of its own.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if canImport(Darwin)
        return URL(fileURLWithPath: home(environment: environment)).appendingPathComponent("Library/Application Support", isDirectory: true)
        #else
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return URL(fileURLWithPath: data, isDirectory: true) }
        return URL(fileURLWithPath: home(environment: environment)).appendingPathComponent(".local/share", isDirectory: true)
        #endif
    }

    /// `<data folder>/<app>/<file>`: `CardShowPro/default.store`, `getdiced/getdiced.db`.
    public static func defaultStore(app: String, file: String = "default.store",
                                    environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        url(environment: environment).appendingPathComponent(app, isDirectory: true).appendingPathComponent(file)
    }

    /// The home folder by the rule above.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return accountHome() ?? "/"
    }

    /// The account's home folder in the user database (`/etc/passwd`), which `HOME` usually copies.
    private static func accountHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let folder = entry.pw_dir else {
            return nil
        }
        let path = String(cString: folder)
        return path.hasPrefix("/") ? path : nil
    }
}
