import ChildProcessSupport
import Foundation

/// Runs one of the package's built command-line tools as a user's shell would, and
/// collects what it printed. Standard output and standard error are read at the same
/// time, so that a tool writing much to one cannot block while the other is read.
public struct ToolProcess: Sendable {
    public struct Output: Sendable {
        public var stdout: String
        public var stderr: String
        public var status: Int32
    }

    public enum Failure: Error, CustomStringConvertible {
        case notBuilt(String)
        public var description: String {
            switch self {
            case .notBuilt(let tool): "build \(tool) first: swift build --build-tests"
            }
        }
    }

    /// The tool's name, such as "cardshow".
    public let tool: String
    /// Variables set (or, when nil, removed) in the tool's environment.
    public var environment: [String: String?]

    /// Runs the tool as a user without root's right to write every file (nobody, through
    /// setpriv, when the tests run as root), so that a file or folder without write
    /// permission is one the tool may not write.
    public var unprivileged = false

    /// The folder the tool runs in (a shell's current directory); nil: the test's own.
    public var currentDirectory: URL?

    /// The largest file the tool may write, in bytes (the shell's `ulimit -f`), set through
    /// prlimit; nil for none.
    public var fileSizeLimit: Int?

    public init(_ tool: String, environment: [String: String?] = [:], unprivileged: Bool = false) {
        self.tool = tool
        self.environment = environment
        self.unprivileged = unprivileged
    }

    /// Whether `unprivileged` runs can be made here: not root, or root with setpriv.
    public static var canRunUnprivileged: Bool {
        getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    }

    /// The executable beside the test bundle, or in the package's .build/debug.
    public var executable: URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let built = package.appendingPathComponent(".build/debug/\(tool)")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }

    /// Runs the tool through /bin/sh, with `words` as shell words after its path: for
    /// arguments a Swift string cannot hold, such as bytes that are not UTF-8
    /// (`"$(printf 'caf\\351')"`).
    public func runShell(_ words: String) throws -> Output {
        guard let executable else { throw Failure.notBuilt(tool) }
        return try run(["-c", "exec \"$TOOL_PROCESS_EXECUTABLE\" " + words], standardOutput: nil,
                       executable: URL(fileURLWithPath: "/bin/sh"), extra: ["TOOL_PROCESS_EXECUTABLE": executable.path])
    }

    /// Runs the shell `script` with `arguments` as its `$1`, `$2`, …, in this tool's
    /// environment: for a tool started from a state only a shell makes (a umask, a current
    /// folder that was deleted). Put ``executable``'s path among the arguments.
    public func runScript(_ script: String, arguments: [String]) throws -> Output {
        try run(["-c", script, "sh"] + arguments, standardOutput: nil, executable: URL(fileURLWithPath: "/bin/sh"), extra: [:])
    }

    /// Runs the tool; `standardOutput` replaces the captured pipe (a file such as /dev/full).
    public func run(_ arguments: [String], standardOutput: FileHandle? = nil) throws -> Output {
        guard let executable else { throw Failure.notBuilt(tool) }
        return try run(arguments, standardOutput: standardOutput, executable: executable, extra: [:])
    }

    private func run(_ arguments: [String], standardOutput: FileHandle?, executable: URL, extra: [String: String]) throws -> Output {
        let process = ChildProcess()
        if unprivileged, getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
        } else if let fileSizeLimit {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--fsize=\(fileSizeLimit)", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        for (name, value) in extra { variables[name] = value }
        process.environment = variables
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = standardOutput ?? stdout
        process.standardError = stderr
        try process.run()
        if standardOutput != nil { try stdout.fileHandleForWriting.close() }
        let errors = PipeReader(stderr.fileHandleForReading)
        let out = standardOutput == nil ? stdout.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = errors.finish()
        process.waitUntilExit()
        return Output(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                      status: process.terminationStatus)
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// What was read, once the writer has closed the pipe.
    func finish() -> Data {
        done.wait()
        return data
    }
}
