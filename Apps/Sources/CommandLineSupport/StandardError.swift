import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line to standard error: notes and progress that must not mix with the data
/// on standard output. Control characters in stored text are escaped by the caller.
public func printError(_ text: String) {
    StandardError.write(Data((text + "\n").utf8))
}

/// Standard error, written with the C library's `write`. Foundation's
/// `FileHandle.standardError.write` stops the program (SIGILL) when the write fails, as it
/// does when the tool is started with standard error closed (`2>&-`): a refusal then ended
/// in a trap instead of its exit status. Standard error is where failures are told, so a
/// failed write there is let go.
public enum StandardError {
    public static func write(_ data: Data) {
        writeAll(data, to: STDERR_FILENO)
    }

    /// Writes `data` to `descriptor`, retrying a partial or interrupted write; a failure is
    /// let go (the caller has nowhere else to say it).
    public static func writeAll(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard var base = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = writeBytes(descriptor, base, left)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                base += written
                left -= written
            }
        }
    }

    /// Makes each of standard input, output and error that the tool was started without
    /// (`>&-`, `2>&-`, `<&-`) a descriptor that refuses reads and writes, so that no file the
    /// tool opens later gets its number: a store, an export or a lock opened as descriptor 2
    /// would otherwise receive what is written to standard error. Writes to such a stream
    /// fail as they did (EBADF), and are reported as before.
    public static func holdClosedStandardStreams() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // Standard input opened for writing only, and the outputs for reading only: each refuses its use.
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if opened >= 0 && opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
        }
    }
}

/// C's `write`, which `StandardError` hides inside the type.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
