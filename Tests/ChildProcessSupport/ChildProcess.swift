import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program a test starts and waits for: the part of Foundation's `Process` the tests use,
/// on `posix_spawn` itself, so that a test makes a `ChildProcess` where it made a `Process`
/// and changes nothing else.
///
/// Foundation's `Process.run()` on Linux (Swift 6.3) lists `/proc/self/fd` to find the
/// descriptors the child must close, and copies each entry's 256-byte name whole: an entry
/// at the end of the listing's buffer is read past the buffer's end. With more than about
/// 1,300 descriptors open, as when the tests have a hundred stores open at once, that read
/// can reach an unmapped page and stop the whole test run with a segmentation fault
/// (swift-corelibs-foundation #5472, fixed after 6.3). Here the child closes every
/// descriptor from 3 up itself (`posix_spawn_file_actions_addclosefrom_np`): nothing is
/// listed.
///
/// As with `Process`: a stream left as it is is this process's own; `nil` is `/dev/null`;
/// a `Pipe` gives the child one end and closes it here once the child has started; a
/// `FileHandle` is given to the child as it is. The child runs in a process group of its own,
/// with no signal blocked.
public final class ChildProcess: @unchecked Sendable {
    public var executableURL: URL?
    public var arguments: [String]?
    /// The child's environment; nil: this process's.
    public var environment: [String: String]?
    /// The folder the child starts in; nil: this process's.
    public var currentDirectoryURL: URL?
    /// A `Pipe`, a `FileHandle` or nil, as for `Process`.
    public var standardInput: Any? = FileHandle.standardInput
    public var standardOutput: Any? = FileHandle.standardOutput
    public var standardError: Any? = FileHandle.standardError

    /// The child's process ID once it has started; 0 before.
    public private(set) var processIdentifier: Int32 = 0

    private let lock = NSLock()
    /// The child's wait status, once it has been collected.
    private var waitStatus: Int32?

    public init() {}

    deinit {
        guard processIdentifier > 0, lock.withLock({ collect() }) == nil else { return }
        // A child still running is collected when it ends, so that it does not stay a zombie.
        let child = processIdentifier
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
    }

    /// Starts the child; throws the system's error when it cannot (no such file, not executable).
    public func run() throws {
        guard let executableURL else { throw ChildProcessError("set executableURL before run()") }
        guard processIdentifier == 0 else { throw ChildProcessError("a ChildProcess runs once; make another") }
        var actions = posix_spawn_file_actions_t()
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(STDIN_FILENO, standardInput), (STDOUT_FILENO, standardOutput), (STDERR_FILENO, standardError)] {
            switch Self.source(of: stream, for: target) {
            case .inherited: break
            case .nullDevice: try check(posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0), "addopen")
            case .descriptor(let descriptor): try check(posix_spawn_file_actions_adddup2(&actions, descriptor, target), "adddup2")
            }
        }
        guard let closeFrom = Self.addCloseFrom else {
            throw ChildProcessError("this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 and later have it)")
        }
        try check(closeFrom(&actions, 3), "addclosefrom_np")
        if let currentDirectoryURL {
            guard let changeDirectory = Self.addChangeDirectory else {
                throw ChildProcessError("this C library has no posix_spawn_file_actions_addchdir_np (glibc 2.29 and later have it)")
            }
            try check(changeDirectory(&actions, currentDirectoryURL.path), "addchdir_np")
        }
        var attributes = posix_spawnattr_t()
        try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked, as from a shell: a thread of Swift's
        // concurrency pool blocks signals, and a mask is inherited across exec.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        try check(posix_spawnattr_setsigmask(&attributes, &noSignals), "posix_spawnattr_setsigmask")
        try check(posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK)), "posix_spawnattr_setflags")

        let path = executableURL.path
        let argv = CStrings([path] + (arguments ?? []))
        let envp = CStrings((environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" })
        var child: pid_t = 0
        let result = withExtendedLifetime((argv, envp)) {
            posix_spawn(&child, path, &actions, &attributes, argv.pointers, envp.pointers)
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        lock.withLock { processIdentifier = child }
        // The child holds its ends now; ours would keep a reader from seeing the end of a pipe.
        if let pipe = standardInput as? Pipe { try? pipe.fileHandleForReading.close() }
        if let pipe = standardOutput as? Pipe { try? pipe.fileHandleForWriting.close() }
        if let pipe = standardError as? Pipe { try? pipe.fileHandleForWriting.close() }
    }

    /// Whether the child has started and not yet ended.
    public var isRunning: Bool {
        lock.withLock { processIdentifier > 0 && collect() == nil }
    }

    /// Returns once the child has ended.
    public func waitUntilExit() {
        let child = lock.withLock { waitStatus == nil ? processIdentifier : 0 }
        guard child > 0 else { return }
        // Waits without collecting, so that `isRunning` on another thread never waits on the lock.
        var info = siginfo_t()
        while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        lock.withLock { _ = collect() }
    }

    /// The child's exit status, or the signal that ended it.
    public var terminationStatus: Int32 {
        let status = finishedStatus()
        return Self.signal(of: status) == 0 ? (status >> 8) & 0xff : Self.signal(of: status)
    }

    public var terminationReason: Process.TerminationReason {
        Self.signal(of: finishedStatus()) == 0 ? .exit : .uncaughtSignal
    }

    /// Sends the child SIGTERM.
    public func terminate() { send(SIGTERM) }

    /// Sends the child SIGINT.
    public func interrupt() { send(SIGINT) }

    /// Stops the child (SIGSTOP); whether the signal was sent.
    @discardableResult public func suspend() -> Bool { send(SIGSTOP) }

    /// Lets a stopped child go on (SIGCONT); whether the signal was sent.
    @discardableResult public func resume() -> Bool { send(SIGCONT) }

    /// Signals the child unless it has been collected, when its ID may be another process's.
    @discardableResult private func send(_ signal: Int32) -> Bool {
        lock.withLock { processIdentifier > 0 && waitStatus == nil && kill(processIdentifier, signal) == 0 }
    }

    private func finishedStatus() -> Int32 {
        guard let status = lock.withLock({ processIdentifier > 0 ? collect() : nil }) else {
            preconditionFailure("the child has not ended: call waitUntilExit() before reading how it ended")
        }
        return status
    }

    /// The wait status, collecting it if the child has ended; call with the lock held.
    private func collect() -> Int32? {
        if let waitStatus { return waitStatus }
        var status: Int32 = 0
        let result = waitpid(processIdentifier, &status, WNOHANG)
        if result == processIdentifier { waitStatus = status }
        return waitStatus
    }

    private static func signal(of status: Int32) -> Int32 { status & 0x7f }

    private enum Source {
        case inherited, nullDevice
        case descriptor(Int32)
    }

    private static func source(of stream: Any?, for target: Int32) -> Source {
        switch stream {
        case nil: .nullDevice
        case let pipe as Pipe:
            .descriptor(target == STDIN_FILENO ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor)
        case let handle as FileHandle where handle === FileHandle.nullDevice || handle.fileDescriptor < 0: .nullDevice
        case let handle as FileHandle where handle.fileDescriptor == target: .inherited
        case let handle as FileHandle: .descriptor(handle.fileDescriptor)
        default: preconditionFailure("a ChildProcess stream is a Pipe, a FileHandle or nil, as for Process")
        }
    }

    private typealias FileActionOnDescriptor = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private typealias FileActionOnPath = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32

    // glibc declares these only for _GNU_SOURCE, which Swift's Glibc module is not built with.
    private static let addCloseFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: FileActionOnDescriptor.self) }
    private static let addChangeDirectory = dlsym(nil, "posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: FileActionOnPath.self) }

    private func check(_ result: Int32, _ call: String) throws {
        guard result == 0 else { throw ChildProcessError("\(call) failed: \(String(cString: strerror(result)))") }
    }
}

/// Why a ``ChildProcess`` did not start.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// C strings for `posix_spawn`'s argument and environment lists, freed with the list.
private final class CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }
}
