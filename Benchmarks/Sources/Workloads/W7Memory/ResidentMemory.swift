import Foundation

/// Resident-set readings from /proc (Linux). The memory probe resets the high-water
/// mark at the start of the measured region, so the peak it reads afterwards belongs
/// to that region alone.
public enum ResidentMemory {
    /// VmRSS and VmHWM in bytes.
    public static func read() -> (current: Int, peak: Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        var current = 0, peak = 0
        for line in status.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { current = kilobytes(line) * 1024 }
            if line.hasPrefix("VmHWM:") { peak = kilobytes(line) * 1024 }
        }
        return (current, peak)
    }

    /// Resets VmHWM to the current RSS (writing 5 to /proc/self/clear_refs, Linux 4.0+).
    /// Returns false where that is not allowed; the peak is then the process's.
    @discardableResult
    public static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do { try handle.write(contentsOf: Data("5".utf8)) } catch { return false }
        return true
    }

    /// glibc's malloc_trim(0): hands freed heap pages back to the system, so that memory
    /// freed before a measured region cannot absorb its allocations. Looked up at run
    /// time because Swift's Glibc module does not import <malloc.h>.
    public static func trimMalloc() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        }
    }

    private static func kilobytes(_ line: Substring) -> Int {
        Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
}
