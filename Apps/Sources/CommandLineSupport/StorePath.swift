import Foundation
import MomentText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks of a tool's store path that the storage engine leaves to the tool, made
/// before the store is opened so that the user is told what to do in the tool's words.
///
/// An empty file is refused: SQLite would take it as a new database (and the engine takes
/// it as damaged), but at a path the user named it is far more likely a mistake (a file
/// truncated, or made by another program, or the wrong path) than a store, and using it
/// would hide that mistake behind an empty listing.
public struct StorePath: Sendable {
    /// How long after its last change an empty file may be a store another process of the
    /// tool is creating: SQLite creates the file empty and writes its first page at its
    /// first commit, milliseconds later.
    public static let creationGrace: TimeInterval = 5

    /// The tool's name, such as "coupontracker".
    public var tool: String
    /// What its store is called, such as "CouponTracker store".
    public var storeName: String
    /// How to start a new store, the end of a sentence: "add a card (coupontracker add --template NAME)".
    public var start: String

    public init(tool: String, storeName: String, start: String) {
        self.tool = tool
        self.storeName = storeName
        self.start = start
    }

    /// The words for a computer whose clock reads `now` outside the years every tool keeps
    /// (``MomentText/years``); nil within them. What the tool saved then (an event logged
    /// now, a card acquired today, a benefit's period, a record's time of creation) would be
    /// dated outside them, which its export refuses and, once the clock is right, it would
    /// take for another program's doing. No store is opened on such a clock.
    public func clockProblem(now: Date) -> String? {
        guard !MomentText.moments.contains(now) else { return nil }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.calendar = Calendar(identifier: .gregorian)
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm"
        return "This computer's clock reads \(format.string(from: now)) UTC, outside the years \(tool) keeps "
            + "(\(MomentText.yearsDescription)): what it saved now would be dated then, and could not be exported. "
            + "Nothing was changed. Set the computer's date and time right, then run this again."
    }

    /// Throws, in the user's words, when the file at `url` cannot be this tool's store:
    /// it is a folder, a pipe, a device or a socket, or an empty file, or its `-wal` or
    /// `-shm` path holds something other than an ordinary file. A missing file
    /// passes: whether one may be created is the command's choice.
    ///
    /// An empty file made within `creationGrace` (or with a write-ahead log) may be a
    /// store another process of the tool is creating; a command that may create the store
    /// (`mayCreate`) takes it, and SQLite then waits for that process. A reading command
    /// (a listing, a report, an export) never does: opening it would make it a store, so
    /// it is refused, with words for both cases.
    public func check(_ url: URL, mayCreate: Bool, now: Date = Date()) throws {
        if let problem = clockProblem(now: now) { throw ToolError(problem) }
        let path = url.path
        if let problem = companionProblem(of: path) { throw ToolError(problem) }
        if let problem = FileNameLength.problem(path, adding: 4, for: "SQLite keeps the store's log beside it under that name "
                                                + "with -wal added", what: "store", option: "--store") {
            throw ToolError(problem)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            if let problem = StoreLink.problem(at: path, storeName: storeName) { throw ToolError(problem) }
            if mayCreate, let problem = CreationMask.problem(creating: path, tool: tool) { throw ToolError(problem) }
            return
        }
        if isFolder.boolValue {
            throw ToolError("\(TerminalText.quoted(path)) is a folder, not \(storeWithArticle). Give the path of the store file with --store.")
        }
        if let kind = Self.specialKind(atPath: path) {
            // Its size is 0, so it would be named an empty file, and deleting it advised: for /dev/null, a disaster.
            throw ToolError("\(TerminalText.quoted(path)) is \(kind), not \(storeWithArticle): a store is an ordinary file. "
                            + "Nothing was changed. Give the path of the store file with --store.")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let problem = Self.streamProblem(at: path, tool: tool, what: "store") { throw ToolError(problem) }
        if let problem = Self.deletedFileProblem(at: path, what: "store", option: "--store") { throw ToolError(problem) }
        guard attributes?[.size] as? Int == 0 else { return }
        let beingCreated = Self.isBeingCreated(url, modified: attributes?[.modificationDate] as? Date, now: now)
        if beingCreated && mayCreate { return }
        if beingCreated {
            throw ToolError("\(TerminalText.quoted(path)) is an empty file: \(storeWithArticle) another \(tool) is creating this "
                            + "moment, or not a store at all. Nothing was changed; try again in a moment, and if it says the same, "
                            + "check the --store path.")
        }
        throw ToolError("\(TerminalText.quoted(path)) is an empty file, not \(storeWithArticle), so \(tool) will not use it. "
                        + "Nothing was changed. Check the --store path; if you want a new store there, "
                        + "delete the empty file and \(start).")
    }

    /// Why the file at `path` cannot be the `what` ("store", "database"): it is this command's
    /// standard output or error too. `cardshow card list --store s.store > s.store` has the
    /// shell empty the store before the tool runs (it was refused as a store "another cardshow
    /// is creating"), and `>>` would have the output written into the store's pages.
    public static func streamProblem(at path: String, tool: String, what: String) -> String? {
        guard let stream = standardStream(sameFileAs: path) else { return nil }
        let emptied = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int == 0
            ? " It is empty: the shell emptied it when it opened it for the output (`>`), before \(tool) ran, so what the "
                + "\(what) held is no longer in it; restore it from a backup if you have one."
            : ""
        return "\(TerminalText.quoted(path)) is this command's standard \(stream) as well as its \(what).\(emptied) "
            + "Nothing was changed. Send the output to another file."
    }

    /// Why the file at `path` cannot be the `what` ("store", "database"): the path leads, through
    /// a link under /proc (`/proc/self/fd/5`, `/dev/fd/5`), to a file that was deleted while a
    /// process held it open. The file is there to be read, but SQLite opens a database by the
    /// name the link gives, `NAME (deleted)`, which names no file: a listing made a new, empty
    /// store under that name and said "No cards match", and a change went into it.
    public static func deletedFileProblem(at path: String, what: String, option: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 0 else { return nil }
        return "\(TerminalText.quoted(path)) leads to a file that was deleted: it is still open, but has no name in any folder, "
            + "and SQLite opens \(what == "store" ? "a store" : "a database") by its name. Nothing was changed. "
            + "Give the path of the \(what) file with \(option)."
    }

    /// "output" or "error" when standard output or standard error is the file at `path` itself
    /// (the same file, whatever the names); nil otherwise.
    static func standardStream(sameFileAs path: String) -> String? {
        var file = stat()
        guard stat(path, &file) == 0 else { return nil }
        for (descriptor, name) in [(STDOUT_FILENO, "output"), (STDERR_FILENO, "error")] {
            var stream = stat()
            if fstat(descriptor, &stream) == 0, stream.st_dev == file.st_dev, stream.st_ino == file.st_ino { return name }
        }
        return nil
    }

    /// Throws, in the user's words, when the file at `url` exists, holds bytes, and does not
    /// begin with SQLite's header: it is not a store of any tool, but a file the user named
    /// by mistake (a text file, `/etc/passwd`). A tool that moves a damaged store aside and
    /// starts a new one checks this first, so that it never renames a file that was never a store.
    public func refuseUnlessDatabase(_ url: URL) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: Self.sqliteHeader.count), !start.isEmpty,
              start != Self.sqliteHeader else { return }
        throw ToolError("\(TerminalText.quoted(url.path)) is not \(storeWithArticle) (it is not a database), so \(tool) left it as it is. "
                        + "Nothing was changed. Check the --store path.")
    }

    /// Why the store at `path` cannot be opened for what is beside it: its `-wal` or `-shm`
    /// path holds something other than an ordinary file (a folder, a pipe, a device, a socket,
    /// or a symbolic link to one or to nothing). SQLite makes and removes those two files
    /// itself, beside the store, and opens them whenever it opens the store; with a folder
    /// there it reported "attempt to write a readonly database" and the SQL it ran, and
    /// with the others the engine could only guess ("a symbolic link that points back to
    /// itself", "the disk reported an error"). Nil when both are ordinary files or absent.
    public func companionProblem(of path: String) -> String? {
        for suffix in ["-wal", "-shm"] {
            let companion = path + suffix
            var linkInfo = stat()
            guard lstat(companion, &linkInfo) == 0 else { continue }
            let isLink = linkInfo.st_mode & S_IFMT == S_IFLNK
            var info = stat()
            let what: String
            if stat(companion, &info) != 0 {
                // A file that is gone now is one SQLite removed after the look: the store's own.
                guard isLink else { continue }
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: companion)) ?? "?"
                what = "a symbolic link to \(TerminalText.quoted(target)), which does not exist"
            } else {
                let kind: String
                switch info.st_mode & S_IFMT {
                case S_IFREG: continue
                case S_IFDIR: kind = "a folder"
                case S_IFIFO: kind = "a pipe (FIFO)"
                case S_IFCHR, S_IFBLK: kind = "a device"
                case S_IFSOCK: kind = "a socket"
                default: kind = "not an ordinary file"
                }
                if isLink {
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: companion)) ?? "?"
                    what = "a symbolic link to \(TerminalText.quoted(target)), which is \(kind)"
                } else {
                    what = kind
                }
            }
            let role = suffix == "-wal" ? "its write-ahead log" : "its shared-memory index"
            return "Cannot open the store \(TerminalText.quoted(path)): beside it, \(TerminalText.quoted(companion)) is \(what). "
                + "SQLite keeps \(role) at that path, in an ordinary file it makes and removes itself, so it cannot open the "
                + "store while something else is there. Nothing was changed. Move \(TerminalText.quoted(companion)) aside "
                + "(it is not a file of the store's), and run the command again."
        }
        return nil
    }

    /// The first 16 bytes of every SQLite database.
    static let sqliteHeader = Data("SQLite format 3\u{0}".utf8)

    /// What the file at `path` (followed through links) is when it exists and is neither an
    /// ordinary file nor a folder: "a pipe (FIFO)", "a device", "a socket"; or a file of the
    /// system's (under /proc or /sys), an ordinary file whose size reads 0 but whose reading
    /// gives text: named as such, since it would otherwise be taken for an empty file.
    public static func specialKind(atPath path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_size == 0, hasContent(atPath: path) else { return nil }
            // Another process may have written its first bytes between the size and the read:
            // a file of the system still reads 0 after giving content, a store being made does not.
            guard stat(path, &info) == 0, info.st_size == 0 else { return nil }
            return "a special file of the system (its size reads 0, but it has content, as the files under /proc and /sys do)"
        case S_IFDIR: return nil
        case S_IFIFO: return "a pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not an ordinary file"
        }
    }

    /// Whether the file at `path` gives a byte when read: an empty file gives none.
    static func hasContent(atPath path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 1))?.isEmpty == false
    }

    /// "a CouponTracker store", "an AssetFlow store".
    public var storeWithArticle: String {
        ("AEIOU".contains(storeName.prefix(1).uppercased()) ? "an " : "a ") + storeName
    }

    /// Whether an empty file is a store another process is creating at this moment: it
    /// already has a write-ahead log, or it was made within `creationGrace`.
    public static func isBeingCreated(_ url: URL, modified: Date?, now: Date = Date()) -> Bool {
        let log = (try? FileManager.default.attributesOfItem(atPath: url.path + "-wal"))?[.size] as? Int ?? 0
        return log > 0 || now.timeIntervalSince(modified ?? .distantPast) < creationGrace
    }
}
