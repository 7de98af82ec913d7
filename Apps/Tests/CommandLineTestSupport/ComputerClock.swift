import Foundation

/// A computer clock set to another moment for one tool run, through libfaketime
/// (Debian's `faketime` package, which `.ci/run` installs): the tool's wall clock reads
/// that moment, its monotonic clock is left alone (SwiftNIO's deadlines stop a program
/// whose monotonic clock reads before zero, which no computer's does).
///
/// Run the tool through a shell (``ToolProcess/runScript(_:arguments:)``, as with
/// ``within60Seconds``): a Swift program started directly with the library preloaded finds
/// its command line empty, and so runs as if given no arguments.
public enum ComputerClock {
    static let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

    /// Whether the clock can be set: the tests that need it are skipped without it.
    public static var canBeSet: Bool { FileManager.default.fileExists(atPath: library) }

    /// Why those tests are skipped.
    public static let missing = "install Debian's faketime package (apt-get install faketime) to run the tests of a computer's clock"

    /// A shell script that runs its arguments (the tool's path, then the tool's) and stops
    /// them after a minute, with status 124: for a server, which otherwise runs until stopped.
    public static let within60Seconds = "exec timeout 60 \"$@\""

    /// The environment variables that make a tool's clock read `moment`, as "2250-01-01 12:00:00" (UTC).
    public static func reading(_ moment: String) -> [String: String?] {
        ["LD_PRELOAD": library, "FAKETIME": "@\(moment)", "FAKETIME_DONT_FAKE_MONOTONIC": "1", "TZ": "UTC"]
    }
}
