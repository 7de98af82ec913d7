/// Why an output file was not written, in the user's words.
public enum OutputFileError: Error, CustomStringConvertible {
    case notAFile(path: String, kind: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .notAFile(let path, let kind):
            "\(TerminalText.quoted(path)) is \(kind), not a file: only ordinary files are written. "
                + "Name a file, or leave the file out and redirect standard output (> or |)."
        case .cannotWrite(let path, let reason):
            "Could not write \(TerminalText.quoted(path)): \(reason). Nothing was written there."
        }
    }
}
