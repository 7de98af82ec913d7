/// Why an output file was not written, in the user's words.
public enum OutputFileError: Error, CustomStringConvertible {
    case notAFile(path: String, kind: String)
    case cannotWrite(path: String, reason: String)
    /// The file is the store the command reads (`store`: what the tool calls it, `part`: "itself", "-wal file").
    case isTheStore(path: String, store: String, part: String)
    /// The file is there and this user may not write it (its mode, or read-only media).
    case readOnly(path: String)
    /// A file is there and `--force` was not given.
    case exists(path: String)

    public var description: String {
        switch self {
        case .notAFile(let path, let kind):
            "\(TerminalText.quoted(path)) is \(kind), not a file: only ordinary files are written. "
                + "Name a file, or leave the file out and redirect standard output (> or |)."
        case .cannotWrite(let path, let reason):
            "Could not write \(TerminalText.quoted(path)): \(reason). Nothing was written there."
        case .readOnly(let path):
            "\(TerminalText.quoted(path)) is read-only: you may not write it, so it was left as it is. "
                + "Nothing was written; make it writable, or name another file."
        case .exists(let path):
            "\(TerminalText.quoted(path)) already exists, so nothing was written: pass --force to replace it, or name another file."
        case .isTheStore(let path, let store, let part):
            "\(TerminalText.quoted(path)) is \(part == "itself" ? "the \(store) itself" : "the \(store)'s \(part)"): "
                + "writing there would replace the \(store). "
                + "Nothing was written and the \(store) is as it was; name another file."
        }
    }
}
