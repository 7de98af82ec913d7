import Foundation

/// A path as the user typed it, with `~` and `~/` read from the same home the default
/// stores are under (``DataFolder/home(environment:)``: `$HOME` as the shell takes it).
/// Foundation's `expandingTildeInPath` reads the home from the user database on Linux, so
/// with `HOME` set elsewhere `--store ~/x.store` would not be beside the default store.
/// `~name/` is another account's home, which only the user database knows: left to Foundation.
public enum UserPath {
    public static func expanded(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return (path as NSString).expandingTildeInPath }
        var home = DataFolder.home(environment: environment)
        if path == "~" { return home }
        // `HOME=/root/` or `HOME=/`: one slash between the home and the rest, as the shell gives.
        while home.hasSuffix("/") { home.removeLast() }
        return home + path.dropFirst()
    }
}
