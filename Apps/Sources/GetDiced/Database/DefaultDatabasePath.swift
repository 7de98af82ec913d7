import Foundation

/// Where `getdiced` keeps its database when no `--db` is given.
public enum DefaultDatabasePath {
    /// The environment variable naming a catalog to initialise from on first use.
    public static let catalogVariable = "GETDICED_CATALOG"

    /// `$XDG_DATA_HOME/getdiced/getdiced.db`, else `~/.local/share/getdiced/getdiced.db`;
    /// on Darwin, `~/Library/Application Support/getdiced/getdiced.db`.
    public static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String? = nil
    ) -> String {
        let homeDirectory = homeDirectory ?? home(environment: environment)
        #if canImport(Darwin)
        let base = (homeDirectory as NSString).appendingPathComponent("Library/Application Support")
        #else
        // The XDG spec says to ignore a relative XDG_DATA_HOME.
        let base: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (homeDirectory as NSString).appendingPathComponent(".local/share")
        }
        #endif
        return ((base as NSString).appendingPathComponent("getdiced") as NSString)
            .appendingPathComponent("getdiced.db")
    }

    /// `$HOME` when it is an absolute path, as the shell and cardshow use it; else the
    /// account's home directory (`NSHomeDirectory()` reads the password database on
    /// Linux and ignores `$HOME`).
    static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return NSHomeDirectory()
    }
}
