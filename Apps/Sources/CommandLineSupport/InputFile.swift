import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file a command was given (an import, a backup to restore, a catalog), as the
/// user named it: an ordinary file only. A folder, a device (`/dev/null`, `/dev/stdin` in
/// a terminal) or a FIFO is refused in words before anything opens it, since reading a
/// FIFO with no writer waits for ever and Foundation's words for the others name its
/// error domains or claim a permission problem that is not there.
public enum InputFile {
    /// Throws, in the user's words, unless `path` (followed through links) is an ordinary
    /// file this process may read. `what`: what the file is to the command ("file to import").
    public static func check(_ path: String, what: String = "file") throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT, let problem = WorkingFolder.problem(with: path) { throw InputFileError.folderGone(problem) }
            if code == ENOENT || code == ENOTDIR { throw InputFileError.missing(path: path, what: what) }
            throw InputFileError.cannotRead(path: path, what: what, reason: reason(for: code))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if isMadeBySystem(path) {
                // /proc/self/mem failed to read with EIO ("the disk reported an error"), /proc/self/status
                // was read and refused as not an export: neither is a file a user exports to.
                throw InputFileError.notAFile(path: path, what: what, kind: "a special file of the system (the files under "
                                                + "/proc and /sys are made by the system as they are read)")
            }
        case S_IFDIR: throw InputFileError.notAFile(path: path, what: what, kind: "a folder")
        case S_IFIFO: throw InputFileError.notAFile(path: path, what: what, kind: "a pipe (FIFO)")
        case S_IFCHR, S_IFBLK: throw InputFileError.notAFile(path: path, what: what, kind: "a device")
        case S_IFSOCK: throw InputFileError.notAFile(path: path, what: what, kind: "a socket")
        default: throw InputFileError.notAFile(path: path, what: what, kind: "not an ordinary file")
        }
        guard access(path, R_OK) == 0 else {
            throw InputFileError.cannotRead(path: path, what: what, reason: reason(for: errno))
        }
    }

    /// Whether `path`, its links followed, is under /proc or /sys, whose files the kernel
    /// makes up as they are read and are no one's data.
    static func isMadeBySystem(_ path: String) -> Bool {
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        let real = String(cString: resolved)
        return ["/proc", "/sys"].contains { real == $0 || real.hasPrefix($0 + "/") }
    }

    /// How much of a file is looked at before the rest is read (``read(_:what:)``).
    static let firstPart = 1 << 16

    /// The largest file read whole: far more than an export of a million records, and a bound
    /// on what a mistaken file (a disk image, a video) costs. Read whole, a file of gigabytes
    /// took several times its size in memory and minutes, and ended assetflow with SIGABRT.
    public static let largestFile = 1 << 30

    /// The bytes of the ordinary file at `path` (see `check`), at most ``largestFile`` of them.
    ///
    /// - Parameter firstPart: given the first ``firstPart`` bytes of a larger file, throws the
    ///   refusal the whole file would get when those bytes already decide it (a log or another
    ///   program's file given as an export), so that such a file is not read whole first.
    public static func read(_ path: String, what: String = "file", firstPart check: (Data) throws -> Void = { _ in }) throws -> Data {
        try self.check(path, what: what)
        // O_NONBLOCK: should the path become a FIFO after the check, the read fails at once.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw InputFileError.cannotRead(path: path, what: what, reason: reason(for: errno)) }
        defer { close(descriptor) }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? max(Int(info.st_size), 0) : 0
        if size > largestFile {
            throw InputFileError.tooLarge(path: path, what: what, size: size, largest: largestFile)
        }
        // One buffer of the file's size from malloc, which says when memory is short: Data grown
        // piece by piece doubled its storage (2 GB for a file of 1 GB) and stopped the program
        // with a trap when an allocation failed, under a memory limit (ulimit -v).
        // The first part alone at first: a file it refuses costs no more memory than that.
        var buffer = FileBuffer()
        defer { buffer.release() }
        var checked = false
        while true {
            if buffer.count == buffer.capacity {
                // The rest at once (one byte more, to see the end); a file that grows while it is
                // read (a log being written) is given room by doubling, held to the same bound.
                let wanted = buffer.capacity == 0 ? min(size + 1, firstPart) : max(size + 1, buffer.capacity * 2)
                guard buffer.reserve(wanted) else { throw InputFileError.tooLittleMemory(path: path, what: what, size: max(size, buffer.count)) }
            }
            let count = readBytes(descriptor, buffer.end, buffer.capacity - buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw InputFileError.cannotRead(path: path, what: what, reason: reason(for: errno))
            }
            if count == 0 {
                // A file shorter than the first part: its start is looked at for UTF-16 here, and
                // for SQLite's header, as a larger file's is. A new Trendy store is 40 KB: given
                // to an import it was "not valid JSON at line 1: 'S'", or to the deck list
                // reader "not UTF-8 text. Save it as UTF-8".
                if !checked {
                    let start = buffer.prefix(min(buffer.count, firstPart))
                    try refuseUTF16(start, path: path, what: what)
                    try refuseDatabase(start, path: path, what: what)
                }
                return buffer.data()
            }
            buffer.count += count
            if !checked, buffer.count >= firstPart {
                checked = true
                let start = buffer.prefix(firstPart)
                try refuseUTF16(start, path: path, what: what)
                // Every file the tools read is text: a file whose first part is a database or not
                // text (a video, a disk image, an archive) is refused here, not read whole first.
                try refuseUnlessText(start, path: path, what: what)
                try check(start)
            }
            if buffer.count > largestFile {
                throw InputFileError.tooLarge(path: path, what: what, size: buffer.count, largest: largestFile)
            }
        }
    }

    /// Throws when `start`, a file's first bytes, is text in UTF-16, as Windows editors save
    /// "Unicode" text: with its byte order mark (FF FE or FE FF), or without it, every other
    /// byte of its first characters NUL. Each reader saw only bytes it did not expect (a
    /// header without its columns, "the byte 0x00 where a key in quotes should be").
    static func refuseUTF16(_ start: Data, path: String, what: String) throws {
        // UTF-32's byte order mark begins with UTF-16's (FF FE 00 00): named as UTF-16, the
        // file was to be converted "iconv -f UTF-16", which makes NULs of it.
        if isUTF32(Array(start.prefix(4))) { throw InputFileError.utf32(path: path, what: what) }
        if isUTF16(Array(start.prefix(64))) { throw InputFileError.utf16(path: path, what: what) }
    }

    /// UTF-32 text with its byte order mark (FF FE 00 00, or 00 00 FE FF).
    static func isUTF32(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
    }

    static func isUTF16(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return true }
        let pairs = bytes.count / 2
        guard pairs >= 2 else { return false }
        let nulsFirst = (0..<pairs).filter { bytes[2 * $0] == 0 }.count
        let nulsSecond = (0..<pairs).filter { bytes[2 * $0 + 1] == 0 }.count
        // Latin text in UTF-16: one byte of most pairs NUL, the other of none.
        return (nulsFirst == 0 && nulsSecond * 2 >= pairs) || (nulsSecond == 0 && nulsFirst * 2 >= pairs)
    }

    /// Throws unless `start`, the first part of a larger file, may be the start of UTF-8
    /// text: an SQLite database, a NUL byte or bytes that are not UTF-8 say it is not (a
    /// character cut at the end of the part is allowed).
    static func refuseUnlessText(_ start: Data, path: String, what: String) throws {
        try refuseDatabase(start, path: path, what: what)
        let bytes = [UInt8](start)
        let valid = (0...3).contains { cut in
            cut <= bytes.count && String(validating: bytes.dropLast(cut), as: UTF8.self) != nil
        }
        if !valid || bytes.contains(0) {
            throw InputFileError.binary(path: path, what: what, looked: start.count)
        }
    }

    /// Throws when `start`, a file's first bytes, begins with SQLite's header: a store or
    /// another database, given where a text file goes.
    static func refuseDatabase(_ start: Data, path: String, what: String) throws {
        if start.starts(with: Array("SQLite format 3\u{0}".utf8)) { throw InputFileError.database(path: path, what: what) }
    }

    /// The text of the file at `path`, which must be UTF-8 (a byte-order mark is dropped).
    public static func text(_ path: String, what: String = "file", firstPart check: (Data) throws -> Void = { _ in }) throws -> String {
        let data = try read(path, what: what, firstPart: check)
        guard let text = String(data: data, encoding: .utf8) else { throw InputFileError.notText(path: path, what: what) }
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// The most of standard input read: far more than any list piped in, and a bound on an
    /// endless stream (`< /dev/zero`, `yes |`), which would be read until memory ran out.
    public static let largestStandardInput = 64 << 20

    /// The text on standard input (a command's `-` for its file), held to what a file
    /// is held to: UTF-8 (a byte-order mark is dropped), and at most ``largestStandardInput`` bytes.
    public static func standardInputText(what: String = "file") throws -> String {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EBADF {
                    throw UnusableStandardStream.wasClosedAtStart(STDIN_FILENO)
                        ? InputFileError.standardInputClosed(what: what) : InputFileError.standardInputForWriting(what: what)
                }
                throw InputFileError.cannotRead(path: "-", what: what, reason: reason(for: errno))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > largestStandardInput {
                throw InputFileError.standardInputTooLarge(what: what, largest: largestStandardInput)
            }
        }
        // A database (`< g.db`, the command's own) is named as one, as a file given by its path is,
        // not told to be converted to UTF-8.
        if data.starts(with: Array("SQLite format 3\u{0}".utf8)) { throw InputFileError.standardInputDatabase(what: what) }
        // Decoding with replacement characters would store "Caf\u{FFFD}" for a Latin-1 "Café";
        // UTF-16 without a byte order mark is valid UTF-8, a NUL between each two letters.
        guard !isUTF16(Array(data.prefix(64))), let text = String(data: data, encoding: .utf8) else {
            throw InputFileError.standardInputNotText(what: what)
        }
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// Why a file cannot be read, in words: never the C library's text alone.
    static func reason(for code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "you may not read it (check its permissions)"
        case EISDIR: "it is a folder"
        case ELOOP: "its symbolic links go round in a loop"
        case ENAMETOOLONG: "its path is too long"
        case EIO: "the disk reported an error reading it"
        case EAGAIN: "it is not an ordinary file"
        default: "it cannot be opened (error \(code))"
        }
    }
}

/// C's `read`, which `InputFile.read` hides inside the type.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Why a file a command was given is not read, in the user's words.
public enum InputFileError: Error, CustomStringConvertible, Equatable {
    case missing(path: String, what: String)
    case notAFile(path: String, what: String, kind: String)
    case cannotRead(path: String, what: String, reason: String)
    case notText(path: String, what: String)
    case standardInputNotText(what: String)
    case standardInputDatabase(what: String)
    case standardInputClosed(what: String)
    case standardInputForWriting(what: String)
    case folderGone(String)
    case standardInputTooLarge(what: String, largest: Int)
    case tooLarge(path: String, what: String, size: Int, largest: Int)
    case database(path: String, what: String)
    case binary(path: String, what: String, looked: Int)
    /// Text in UTF-16 (``InputFile/refuseUTF16(_:path:what:)``).
    case utf16(path: String, what: String)
    /// Text in UTF-32, with its byte order mark.
    case utf32(path: String, what: String)
    case tooLittleMemory(path: String, what: String, size: Int)

    public var description: String {
        switch self {
        case let .missing(path, what):
            "There is no \(what) at \(TerminalText.quoted(path))." + (PathLineEnd.words(endingPath: path).map { " Its path \($0)." }
                ?? " Check the path.") + " Nothing was changed."
        case let .notAFile(path, what, kind):
            "\(TerminalText.quoted(path)) is \(kind), not \(Self.article(what)) \(what): only ordinary files are read. "
                + "Name the file itself. Nothing was changed."
        case let .cannotRead(path, what, reason):
            "Cannot read the \(what) \(TerminalText.quoted(path)): \(reason). Nothing was changed."
        case let .notText(path, what):
            "The \(what) \(TerminalText.quoted(path)) is not UTF-8 text. Save it as UTF-8 and try again. Nothing was changed."
        case let .database(path, what):
            "The \(what) \(TerminalText.quoted(path)) is an SQLite database (a store, perhaps), not \(Self.article(what)) \(what): "
                + "check that it is the file you meant. Nothing was changed."
        case let .binary(path, what, looked):
            "The \(what) \(TerminalText.quoted(path)) is not text: its first \(looked >> 10) KB hold bytes no UTF-8 text has "
                + "(a NUL, or bytes that are not UTF-8), so it was not read further. Check that it is the file you meant; "
                + "text in another encoding (UTF-16, Latin-1) is read once saved as UTF-8. Nothing was changed."
        case let .utf16(path, what):
            "The \(what) \(TerminalText.quoted(path)) is not UTF-8 text but UTF-16, as some editors save \"Unicode\" text: "
                + "save it as UTF-8 (or convert it: iconv -f UTF-16 -t UTF-8 FILE > NEW) and try again. Nothing was changed."
        case let .utf32(path, what):
            "The \(what) \(TerminalText.quoted(path)) is not UTF-8 text but UTF-32: "
                + "save it as UTF-8 (or convert it: iconv -f UTF-32 -t UTF-8 FILE > NEW) and try again. Nothing was changed."
        case let .folderGone(problem):
            problem
        case let .standardInputClosed(what):
            "There is no \(what) on standard input: it is closed (the command was started with <&-). Pipe the \(what) in, "
                + "or give a file. Nothing was changed."
        case let .standardInputForWriting(what):
            "There is no \(what) on standard input: it is open for writing only (the command was started with 0> FILE, where "
                + "< FILE reads). Pipe the \(what) in, or give a file. Nothing was changed."
        case let .standardInputDatabase(what):
            "Standard input is an SQLite database (a store, perhaps), not \(Self.article(what)) \(what): check what the "
                + "command reads from (< FILE, or a pipe). Nothing was changed."
        case let .standardInputNotText(what):
            "The \(what) on standard input is not UTF-8 text. Convert it to UTF-8 (iconv -t UTF-8) and try again. Nothing was changed."
        case let .tooLarge(path, what, size, largest):
            "The \(what) \(TerminalText.quoted(path)) is \(Self.megabytes(size)) MB, larger than the \(Self.megabytes(largest)) MB "
                + "any \(what) is read up to: check that it is the file you meant. Nothing was changed."
        case let .tooLittleMemory(path, what, size):
            "Cannot read the \(what) \(TerminalText.quoted(path)): it is \(Self.megabytes(size)) MB, and this process may not "
                + "take that much more memory (a limit set with ulimit, or a machine short of memory). Raise the limit, "
                + "or check that it is the file you meant. Nothing was changed."
        case let .standardInputTooLarge(what, largest):
            "The \(what) on standard input is over \(largest >> 20) MB, which no \(what) is: check what is piped in, "
                + "or give a file. Nothing was changed."
        }
    }
}

extension InputFileError {
    /// "a" or "an", for `what`.
    static func article(_ what: String) -> String {
        "aeiou".contains(what.prefix(1)) ? "an" : "a"
    }

    /// "3,072": whole megabytes, thousands grouped, whatever the machine's locale.
    static func megabytes(_ bytes: Int) -> String {
        var digits = String((bytes + (1 << 20) - 1) >> 20)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: ",")
    }
}

extension InputFileError: LocalizedError {
    public var errorDescription: String? { description }
}
