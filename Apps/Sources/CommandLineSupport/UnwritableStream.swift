#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a write to standard output or error failed as a descriptor not open for writing
/// (EBADF), in words. The stream was either closed when the tool started (`>&-`), which
/// `StandardError.holdClosedStandardStreams` puts /dev/null opened for reading in place of,
/// or opened for reading by the shell (`1< FILE`, a `<` typed for a `>`): the second was
/// told "standard output is closed (the command was started with >&-)", or "bad file descriptor".
enum UnwritableStream {
    /// `name`: "standard output" or "standard error".
    static func reason(_ descriptor: Int32, name: String) -> String {
        let number = descriptor == STDOUT_FILENO ? "" : "\(descriptor)"
        var stream = stat(), null = stat()
        let held = fstat(descriptor, &stream) == 0 && stat("/dev/null", &null) == 0
            && stream.st_mode & S_IFMT == S_IFCHR && stream.st_rdev == null.st_rdev
        return held
            ? "\(name) is closed (the command was started with \(number)>&-)"
            : "\(name) is open for reading only (the command was started with \(descriptor)< FILE, where \(number)> FILE writes)"
    }
}
