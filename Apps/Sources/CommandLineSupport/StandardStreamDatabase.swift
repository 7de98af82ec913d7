import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error or output that is an SQLite database (`cardshow card list --store s.store
/// 2>> s.store`, a `2>>` meant for a log; `>> other.store`, a `>>` meant for a text file):
/// every warning, usage error and refusal, or every line of output, the tool wrote went onto
/// the end of the database, past its last page, and with standard error the user saw nothing
/// at all, not even the refusal of the store, which went there too.
///
/// So before it writes anything a tool looks at both streams, and when one is a database it
/// does nothing and says so on the other.
public enum StandardStreamDatabase {
    /// Why `tool` will not run with these standard streams (standard error first, as the
    /// one a refusal is written to), or nil when neither is a database. Standard output that
    /// is one of `stores` (the paths given as the store) is left to the store's own check,
    /// which says that it is the store.
    public static func problem(tool: String, stores: [String] = []) -> Problem? {
        if let name = databaseName(STDERR_FILENO) {
            return Problem(stream: STDERR_FILENO, words: "Standard error\(name) is an SQLite database (a store, perhaps): what \(tool) "
                + "writes there, its warnings and errors, would go onto the end of it, so \(tool) did nothing. Send standard error "
                + "to another file (2> FILE), or leave it out.")
        }
        if !stores.contains(where: { StorePath.standardStream(sameFileAs: $0) == "output" }), let name = databaseName(STDOUT_FILENO) {
            return Problem(stream: STDOUT_FILENO, words: "Standard output\(name) is an SQLite database (a store, perhaps): what \(tool) "
                + "prints there would go onto the end of it, so \(tool) did nothing. Send the output to another file (> FILE), "
                + "or leave it out.")
        }
        return nil
    }

    /// A stream that is a database, and why the tool will not run with it.
    public struct Problem: Sendable {
        /// The descriptor of the stream that is a database.
        public let stream: Int32
        /// The refusal, in the user's words.
        public let words: String
    }

    /// Says the problem on the other stream, unless that is the same file, and ends the
    /// process with status 1.
    public static func refuse(_ problem: Problem) -> Never {
        let other = problem.stream == STDERR_FILENO ? STDOUT_FILENO : STDERR_FILENO
        var database = stat(), said = stat()
        let same = fstat(problem.stream, &database) == 0 && fstat(other, &said) == 0
            && database.st_dev == said.st_dev && database.st_ino == said.st_ino
        if !same {
            let line = Data(("Error: " + problem.words + "\n").utf8)
            if other == STDOUT_FILENO {
                line.withUnsafeBytes { StandardOutput.write($0) }
                _ = StandardOutput.finish()
            } else {
                FileHandle.standardError.write(line)
            }
        }
        exit(1)
    }

    /// " (NAME)" when the descriptor is an ordinary file that begins as an SQLite database
    /// does ("" when its name cannot be read); nil otherwise.
    private static func databaseName(_ descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 16 else { return nil }
        // The descriptor was opened for writing alone; Linux opens the file itself anew through /proc.
        let reader = open("/proc/self/fd/\(descriptor)", O_RDONLY)
        guard reader >= 0 else { return nil }
        defer { close(reader) }
        var start = [UInt8](repeating: 0, count: StorePath.sqliteHeader.count)
        guard pread(reader, &start, start.count, 0) == start.count, Data(start) == StorePath.sqliteHeader else { return nil }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
            .map { " (" + TerminalText.quoted($0) + ")" } ?? ""
    }
}
