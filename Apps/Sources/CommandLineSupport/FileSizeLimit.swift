#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The largest file this process may write (the shell's `ulimit -f`, RLIMIT_FSIZE).
///
/// A write past it sends SIGXFSZ, whose default is to end the program at once, mid-import
/// or mid-export, with "File size limit exceeded" from the shell and no word of what was
/// kept. Ignored, the write fails instead (EFBIG, or a short write that SQLite reports as a
/// full disk), the store's transaction rolls back, an export's temporary file is removed,
/// and the tool says so, naming the limit.
public enum FileSizeLimit {
    /// Makes a write past the limit fail instead of ending the program. Called once, first.
    public static func failWritesInsteadOfEnding() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The limit in bytes, or nil when there is none.
    public static var bytes: UInt64? {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        #else
        let resource = RLIMIT_FSIZE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }

    /// A sentence saying a limit is set, to follow a message about a write that failed
    /// (with a space before it), or "" when none is.
    public static var note: String {
        guard let bytes else { return "" }
        return " This shell limits the size of the files its programs write to \(bytes.groupedInThrees()) bytes (ulimit -f), "
            + "which may be what stopped the write: raise it (ulimit -f unlimited) and try again."
    }
}

private extension UInt64 {
    /// Digits grouped in threes with commas, without Foundation's formatters.
    func groupedInThrees() -> String {
        let digits = Array(String(self))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
