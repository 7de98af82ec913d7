/// Why the store at the path given was not opened, in the user's words.
enum StoreProblem: Error, CustomStringConvertible {
    case missing(path: String)

    var description: String {
        switch self {
        case .missing(let path):
            "There is no store at \(path). Check the --store path; to start a new store there, "
                + "add a card (cardshow card add --store PATH ...), import a file or run `cardshow demo --store PATH`."
        }
    }
}
