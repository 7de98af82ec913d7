import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error that is an SQLite database (`cardshow card list --store s.store 2>> s.store`,
/// a `2>>` meant for a log): every warning, usage error and refusal the tool wrote went onto
/// the end of the database, past its last page, and the user saw nothing at all, not even
/// the refusal of the store as the command's standard error, which went there too.
///
/// So before it writes anything a tool looks at its standard error, and when that is a
/// database it does nothing and says so on standard output, the one stream left.
public enum StandardErrorDatabase {
    /// Why `tool` will not run with this standard error, or nil when it is not a database.
    public static func problem(tool: String) -> String? {
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 16 else { return nil }
        // The descriptor was opened for writing alone; Linux opens the file itself anew through /proc.
        let reader = open("/proc/self/fd/\(STDERR_FILENO)", O_RDONLY)
        guard reader >= 0 else { return nil }
        defer { close(reader) }
        var start = [UInt8](repeating: 0, count: StorePath.sqliteHeader.count)
        guard pread(reader, &start, start.count, 0) == start.count, Data(start) == StorePath.sqliteHeader else { return nil }
        let name = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(STDERR_FILENO)"))
            .map { " (" + TerminalText.quoted($0) + ")" } ?? ""
        return "Standard error\(name) is an SQLite database (a store, perhaps): what \(tool) writes there, its warnings and "
            + "errors, would go onto the end of it, so \(tool) did nothing. Send standard error to another file (2> FILE), "
            + "or leave it out."
    }

    /// Says `problem` on standard output, unless that is the same file as standard error,
    /// and ends the process with status 1.
    public static func refuse(_ problem: String) -> Never {
        var output = stat(), error = stat()
        let same = fstat(STDOUT_FILENO, &output) == 0 && fstat(STDERR_FILENO, &error) == 0
            && output.st_dev == error.st_dev && output.st_ino == error.st_ino
        if !same {
            Data(("Error: " + problem + "\n").utf8).withUnsafeBytes { StandardOutput.write($0) }
            _ = StandardOutput.finish()
        }
        exit(1)
    }
}
