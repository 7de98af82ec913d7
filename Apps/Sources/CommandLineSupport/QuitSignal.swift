#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-\ (SIGQUIT), which asks a program to quit at once. Its default ends the program, but
/// the Swift runtime's backtracer takes the signal on Linux: it printed "Program crashed" and
/// a backtrace of every thread, with the program's source paths, and then let the program
/// go on (an import finished and saved; `trendy follow` and the server kept running).
public enum QuitSignal {
    /// Makes SIGQUIT end the program at once with the status a shell gives a program the
    /// signal ended (131), without the backtrace; an import says what it left
    /// (`Interruption`). A program started with the signal ignored (a background job of a
    /// script) goes on ignoring it. Called once, first.
    public static func quitWithoutBacktrace() {
        let previous = signal(SIGQUIT) { number in _exit(128 + number) }
        if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(SIGQUIT, SIG_IGN) }
        // A parent may start the program with the signal blocked (a test runner's thread does);
        // the threads made later take this thread's mask.
        var quit = sigset_t()
        sigemptyset(&quit)
        sigaddset(&quit, SIGQUIT)
        pthread_sigmask(SIG_UNBLOCK, &quit, nil)
    }
}
