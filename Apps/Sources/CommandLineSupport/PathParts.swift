/// The folder and the name of a path, as `NSString`'s `deletingLastPathComponent` and
/// `lastPathComponent` give them, without calling them: on Linux, Foundation's
/// `deletingLastPathComponent` traps on a relative path of one character ("a", "-"), and
/// `export --output a` would end with "Illegal instruction".
enum PathParts {
    /// The folder `path` names its file in: "." for a name alone, "/" for a file at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of `path`: the file's own name.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
