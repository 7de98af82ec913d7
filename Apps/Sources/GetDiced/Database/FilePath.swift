/// A database's path as SQLite must be given it: SQLite reads a name that begins with
/// `file:` as a URI (`file:g.db?mode=ro`), so `--db file:g.db` opened another file, `g.db`,
/// and made it when it was missing. Led by `./`, the name is the file's own.
enum FilePath {
    static func forSQLite(_ path: String) -> String {
        path.hasPrefix("file:") ? "./" + path : path
    }
}
