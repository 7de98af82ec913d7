/// Why the store at the path given was not opened, in the user's words.
enum StoreProblem: Error, CustomStringConvertible {
    case missing(path: String)
    case emptyFile(path: String)
    case folder(path: String)

    var description: String {
        switch self {
        case .missing(let path):
            "There is no store at \(path). Check the --store path; to start a new store there, "
                + "add a card (cardshow card add --store PATH ...), import a file or run `cardshow demo --store PATH`."
        case .emptyFile(let path):
            "\(path) is an empty file, not a CardShow Pro store, so cardshow will not use it. "
                + "Check the --store path; if you want a new store there, delete the empty file and add a card."
        case .folder(let path):
            "\(path) is a folder, not a CardShow Pro store. Give the path of the store file with --store."
        }
    }
}
