import Foundation
import OpenSwiftData
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) or SIGTERM during an import: the import is all or nothing, in one
/// transaction the store rolls back when the process ends before it commits, so an
/// interrupted import saved nothing. Without a word the user cannot know that; with this,
/// the program ends with one line saying so, and the status a shell gives a program the
/// signal ended (130, 143, and 131 for Ctrl-\, SIGQUIT).
///
/// Once the import's save has begun (its context posted `willSave`), that line may no
/// longer be true: the store commits inside the save. Until the save has returned (the
/// context posts `didSave`), an interruption says that the store holds all of the import
/// or none of it; after that, the commit is done and what follows it (reading the store
/// again, thousands of records) takes a while, so an interruption is let go and the
/// import ends as it would have, saying what it saved.
public enum Interruption {
    /// The lines the signal handler writes, before the save and during it: made before the
    /// handler is installed, because a handler may only call what is safe in one (`write`, `_exit`).
    nonisolated(unsafe) private static var lines: (before: UnsafeMutableBufferPointer<UInt8>, during: UnsafeMutableBufferPointer<UInt8>)?
    /// Where the import's save is: 0 before it, 1 while it writes and commits, 2 once it has returned.
    nonisolated(unsafe) private static var stage: sig_atomic_t = 0

    /// Runs `body` (the reading, checking and saving of an import); an interruption
    /// during it ends the program with a line naming `what` was interrupted ("The import")
    /// and what is as it was (`store`, "the store"), as JSON when `json` is set, as every
    /// error of the tool then is.
    public static func whileImporting<T>(_ what: String = "The import", store: String = "the store", json: Bool = false,
                                         _ body: () throws -> T) rethrows -> T {
        func line(_ sentence: String) -> UnsafeMutableBufferPointer<UInt8> {
            let jsonLine = (try? JSONEncoder().encode(["error": sentence])).map { String(decoding: $0, as: UTF8.self) }
            let bytes = Array(("\n" + (json ? jsonLine ?? "" : "Error: " + sentence) + "\n").utf8)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            return buffer
        }
        let made = (before: line("\(what) was interrupted: nothing of it was saved, and \(store) is as it was before."),
                    during: line("\(what) was interrupted while it was being saved: \(store) holds all of it or none of it, "
                                 + "never a part of it; list what it holds to see which."))
        let previousLines = lines
        let previousStage = stage
        lines = made
        stage = 0
        // Saves on this thread only: another thread's context is not this import's.
        let importing = pthread_self()
        let observers = [(ModelContext.willSave, sig_atomic_t(1)), (ModelContext.didSave, sig_atomic_t(2))].map { name, reached in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                if pthread_equal(pthread_self(), importing) != 0 { Interruption.stage = reached }
            }
        }
        // Ctrl-C, `kill`'s SIGTERM (a service manager stopping a script, a timeout) and Ctrl-\ (SIGQUIT): the same words.
        let signals = [SIGINT, SIGTERM, SIGQUIT]
        let previous = signals.map { number in
            let previous = signal(number) { number in
                let stage = Interruption.stage
                if stage == 2 { return }
                if let lines = Interruption.lines {
                    let line = stage == 1 ? lines.during : lines.before
                    _ = write(STDERR_FILENO, line.baseAddress, line.count)
                }
                _exit(128 + number)
            }
            // A program started to ignore the signal (a background job of a script) goes on ignoring it.
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(number, SIG_IGN) }
            return previous
        }
        // A parent may start the program with the signals blocked (a test runner's thread does):
        // while the import runs, this thread takes them.
        var interrupt = sigset_t()
        var blocked = sigset_t()
        sigemptyset(&interrupt)
        for number in signals { sigaddset(&interrupt, number) }
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &blocked)
        defer {
            pthread_sigmask(SIG_SETMASK, &blocked, nil)
            for (number, previous) in zip(signals, previous) { signal(number, previous) }
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
            lines = previousLines
            stage = previousStage
            made.before.deallocate()
            made.during.deallocate()
        }
        return try body()
    }
}
