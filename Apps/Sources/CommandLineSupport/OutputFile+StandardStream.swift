import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `--output` that is this command's own standard output or error, an ordinary file the
/// shell opened for it (`--output /dev/stdout >> out.json`, `--output out.json > out.json`).
///
/// Such a file is written through the descriptor the shell gave, as output without
/// `--output` is: replaced by a rename, as other files are, it lost what `>>` had asked to
/// append to, needed `--force` for a file the shell had just made (`>`), and the process's
/// own output went on into the file the rename had taken the name from.
extension OutputFile {
    /// Where a command's file went.
    public enum Written: Sendable {
        /// To the file at the path, put in place whole.
        case file
        /// Through this process's standard output, which is the file at the path: a note of
        /// what was written, printed on standard output, would go into the file after it.
        case standardOutput
        /// Through this process's standard error, which is the file at the path.
        case standardError

        /// Whether a note of what was written may be printed on standard output.
        public var mayBeNotedOnStandardOutput: Bool { self != .standardOutput }
    }

    /// Standard output's or standard error's descriptor when the file `path` leads to (after
    /// links, `/dev/stdout` and `/proc/self/fd/1` included) is an ordinary file and that
    /// stream itself; nil otherwise.
    static func standardStream(at path: String) -> Int32? {
        var file = stat()
        guard stat(path, &file) == 0, file.st_mode & S_IFMT == S_IFREG else { return nil }
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
            var stream = stat()
            if fstat(descriptor, &stream) == 0, stream.st_dev == file.st_dev, stream.st_ino == file.st_ino { return descriptor }
        }
        return nil
    }

    /// Writes `data` through `descriptor` (standard output or error), after what standard
    /// output holds unwritten, so that the file gets what the shell's `>` or `>>` asks for.
    /// `path`: as the user gave it, for the error.
    static func writeThrough(_ descriptor: Int32, _ data: Data, named path: String) throws -> Written {
        StandardOutput.flush()
        if fcntl(descriptor, F_GETFL) & O_ACCMODE == O_RDONLY {
            let name = descriptor == STDOUT_FILENO ? "standard output" : "standard error"
            throw OutputFileError.cannotWrite(path: path, reason: UnusableStandardStream.writeFailureReason(descriptor, name: name))
        }
        if let failure = writeAll(data, to: descriptor) { throw OutputFileError.cannotWrite(path: path, reason: failure) }
        return descriptor == STDOUT_FILENO ? .standardOutput : .standardError
    }

    /// Copies the file at `written` through `descriptor` a megabyte at a time (a backup may
    /// be larger than memory), then removes it.
    static func copyThrough(_ descriptor: Int32, from written: String, named path: String) throws -> Written {
        defer { unlink(written) }
        guard let source = FileHandle(forReadingAtPath: written) else {
            throw OutputFileError.cannotWrite(path: path, reason: "the file written beside it could not be read back")
        }
        defer { try? source.close() }
        while true {
            let chunk: Data
            do {
                chunk = try source.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw OutputFileError.cannotWrite(path: path, reason: "the file written beside it could not be read back")
            }
            if chunk.isEmpty { break }
            _ = try writeThrough(descriptor, chunk, named: path)
        }
        return descriptor == STDOUT_FILENO ? .standardOutput : .standardError
    }
}
