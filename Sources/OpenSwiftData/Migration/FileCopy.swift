import Foundation

/// A byte-for-byte copy of one file into a new one, created when the copy is
/// made, so that it exists from then on, and filled by `run()`, once.
///
/// On Linux the bytes move in the kernel (`copy_file_range`, which also clones on
/// file systems that share blocks); elsewhere, and where the kernel declines,
/// through a buffer. The new file is written through the descriptor that created
/// it: reopening it with `O_TRUNC` would make ext4 write its blocks out at once
/// (its `auto_da_alloc` heuristic), which slows the migration's commit.
final class FileCopy: @unchecked Sendable {
    private let source: URL
    private let destination: URL
    private var output: Int32

    init(from source: URL, to destination: URL) throws {
        self.source = source
        self.destination = destination
        output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw FileCopyError(path: destination.path, operation: "create", code: errno) }
    }

    deinit {
        if output >= 0 { close(output) }
    }

    func run() throws {
        precondition(output >= 0, "FileCopy.run() called twice")
        defer {
            close(output)
            output = -1
        }
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FileCopyError(path: source.path, operation: "open", code: errno) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw FileCopyError(path: source.path, operation: "stat", code: errno) }
        _ = fchmod(output, status.st_mode & 0o777)
        #if os(Linux)
        if kernelCopy(input, output, size: Int(status.st_size)) { return }
        // The kernel declined part-way: start again through a buffer.
        guard lseek(input, 0, SEEK_SET) == 0, ftruncate(output, 0) == 0, lseek(output, 0, SEEK_SET) == 0 else {
            throw FileCopyError(path: destination.path, operation: "rewind", code: errno)
        }
        #endif
        try bufferedCopy(input, output)
    }

    private func bufferedCopy(_ input: Int32, _ output: Int32) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer.baseAddress, buffer.count)
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileCopyError(path: source.path, operation: "read", code: errno)
            }
            var written = 0
            while written < count {
                let result = write(output, buffer.baseAddress! + written, count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw FileCopyError(path: destination.path, operation: "write", code: errno)
                }
                written += result
            }
        }
    }

    #if os(Linux)
    private func kernelCopy(_ input: Int32, _ output: Int32, size: Int) -> Bool {
        guard let copyFileRange = FileCopy.copyFileRange else { return false }
        var remaining = size
        while remaining > 0 {
            let copied = copyFileRange(input, nil, output, nil, remaining, 0)
            if copied <= 0 { return false }
            remaining -= copied
        }
        return true
    }

    /// glibc's `copy_file_range`, which the Glibc module does not import (it needs `_GNU_SOURCE`).
    private typealias CopyFileRange = @convention(c) (Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32) -> Int
    private static let copyFileRange: CopyFileRange? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "copy_file_range") else { return nil }
        return unsafeBitCast(symbol, to: CopyFileRange.self)
    }()
    #endif
}

/// A system call of a `FileCopy` failed.
struct FileCopyError: Error, CustomStringConvertible {
    let path: String
    let operation: String
    let code: Int32

    var description: String { "cannot \(operation) \(path): \(String(cString: strerror(code)))" }
}
