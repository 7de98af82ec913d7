import CommandLineSupport
import FileStamps

/// A store file the server opened, and which file that was: once its path names another
/// file or none (the store deleted, moved aside, or put back from a copy), the server would
/// go on reading and writing the file it holds open, at no path any more, and what it wrote
/// there would be lost when it stopped (a card posted then was answered 201).
struct OpenedStoreFile: Sendable {
    let path: String
    let identity: FileIdentity
    /// "store", "sync store": what the message calls it.
    let called: String

    init?(path: String, called: String) {
        guard let identity = FileIdentity(path: path) else { return nil }
        self.path = path
        self.identity = identity
        self.called = called
    }

    /// Throws a `500` in words once the file at `path` is no longer the one opened.
    func refuseUnlessAtItsPath() throws {
        guard FileIdentity(path: path) != identity else { return }
        throw APIProblem(status: .internalServerError,
                         message: "The \(called) \(TerminalText.quoted(path)) was removed or replaced while the server ran "
                             + "(deleted, moved aside, or put back from a copy), so the server answers nothing from the file it "
                             + "opened: what it wrote there would be lost. Nothing was changed. Restart the server to serve the "
                             + "\(called) now at that path.")
    }
}
