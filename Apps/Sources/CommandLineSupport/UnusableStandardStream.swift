#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why standard input, output or error refused to be read or written (EBADF), in words.
/// The stream was either closed when the tool started (`>&-`, `<&-`), which
/// `StandardError.holdClosedStandardStreams` puts /dev/null in place of, opened the other way,
/// or opened the wrong way by the shell (`1< FILE`, a `<` typed for a `>`; `0> FILE`): the
/// second was told "standard output is closed (the command was started with >&-)", or "bad
/// file descriptor", and standard input "closed (the command was started with <&-)".
enum UnusableStandardStream {
    /// Whether `descriptor` is the /dev/null put in place of a stream closed at the start.
    static func wasClosedAtStart(_ descriptor: Int32) -> Bool {
        var stream = stat(), null = stat()
        return fstat(descriptor, &stream) == 0 && stat("/dev/null", &null) == 0
            && stream.st_mode & S_IFMT == S_IFCHR && stream.st_rdev == null.st_rdev
    }

    /// Why a write to `descriptor` (standard output or error, `name`) failed as not open for writing.
    static func writeFailureReason(_ descriptor: Int32, name: String) -> String {
        let number = descriptor == STDOUT_FILENO ? "" : "\(descriptor)"
        return wasClosedAtStart(descriptor)
            ? "\(name) is closed (the command was started with \(number)>&-)"
            : "\(name) is open for reading only (the command was started with \(descriptor)< FILE, where \(number)> FILE writes)"
    }
}
