import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a file as `InputFile.read` reads them, in memory from malloc: an allocation
/// that fails is reported (`reserve` is false) where Swift's own storage stops the program.
struct FileBuffer {
    private(set) var start: UnsafeMutableRawPointer?
    private(set) var capacity = 0
    /// The bytes read so far.
    var count = 0

    /// Where the next bytes go.
    var end: UnsafeMutableRawPointer? { start.map { $0 + count } }

    /// Makes room for `bytes` in all; false when memory cannot be had.
    mutating func reserve(_ bytes: Int) -> Bool {
        guard bytes > capacity else { return true }
        guard let grown = realloc(start, bytes) else { return false }
        start = grown
        capacity = bytes
        return true
    }

    /// A copy of the first `length` bytes.
    func prefix(_ length: Int) -> Data {
        guard let start else { return Data() }
        return Data(bytes: start, count: min(length, count))
    }

    /// The bytes read, handed over to the `Data` (which frees them); the buffer is empty after.
    mutating func data() -> Data {
        guard let start, count > 0 else { return Data() }
        let data = Data(bytesNoCopy: start, count: count, deallocator: .free)
        self.start = nil
        capacity = 0
        count = 0
        return data
    }

    mutating func release() {
        free(start)
        start = nil
        capacity = 0
        count = 0
    }
}
