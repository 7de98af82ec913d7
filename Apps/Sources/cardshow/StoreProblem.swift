import CommandLineSupport

/// Why the store at the path given was not opened, in the user's words.
enum StoreProblem: Error, CustomStringConvertible {
    /// No file at `path`; `named` when the user gave the path with --store.
    case missing(path: String, named: Bool)

    var description: String {
        switch self {
        case .missing(let path, true):
            "There is no store at \(TerminalText.quoted(path)). Check the --store path; to start a new store there, "
                + "add a card (cardshow card add --store PATH ...), import a file or run `cardshow demo --store PATH`."
        case .missing(let path, false):
            // The user gave no --store: a new user's first listing, not a mistyped path.
            "There is no store at \(TerminalText.quoted(path)) yet: cardshow starts it when you add a card "
                + "(cardshow card add --name NAME --set SET --number N), import a file or run `cardshow demo`."
        }
    }
}
