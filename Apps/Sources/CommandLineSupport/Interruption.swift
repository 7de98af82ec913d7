import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) during an import: the import is all or nothing, in one transaction the
/// store rolls back when the process ends before it commits, so an interrupted import
/// saved nothing. Without a word the user cannot know that; with this, the program ends
/// with one line saying so, and the status a shell gives an interrupted program (130).
public enum Interruption {
    /// The line the signal handler writes: made before the handler is installed, because
    /// a handler may only call what is safe in one (`write`, `_exit`).
    nonisolated(unsafe) private static var line: UnsafeMutableBufferPointer<UInt8>?

    /// Runs `body` (the reading, checking and saving of an import); an interruption
    /// during it ends the program with a line naming `what` was interrupted ("The import")
    /// and what is as it was (`store`, "the store"), as JSON when `json` is set, as every
    /// error of the tool then is.
    public static func whileImporting<T>(_ what: String = "The import", store: String = "the store", json: Bool = false,
                                         _ body: () throws -> T) rethrows -> T {
        let sentence = "\(what) was interrupted: nothing of it was saved, and \(store) is as it was before."
        let jsonLine = (try? JSONEncoder().encode(["error": sentence])).map { String(decoding: $0, as: UTF8.self) }
        let text = "\n" + (json ? jsonLine ?? "" : "Error: " + sentence) + "\n"
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        let previousLine = line
        line = buffer
        let previous = signal(SIGINT) { _ in
            if let line = Interruption.line { _ = write(STDERR_FILENO, line.baseAddress, line.count) }
            _exit(130)
        }
        // A program started to ignore Ctrl-C (a background job of a script) goes on ignoring it.
        if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(SIGINT, SIG_IGN) }
        // A parent may start the program with SIGINT blocked (a test runner's thread does):
        // while the import runs, this thread takes it.
        var interrupt = sigset_t()
        var blocked = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &blocked)
        defer {
            pthread_sigmask(SIG_SETMASK, &blocked, nil)
            signal(SIGINT, previous)
            line = previousLine
            buffer.deallocate()
        }
        return try body()
    }
}
