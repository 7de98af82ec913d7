import ChildProcessSupport
import Foundation

/// A folder bind-mounted read-only elsewhere, as a store on read-only media is: what the
/// folder holds is made first, in `source`. Unmounted and removed when released. Mounting
/// needs root: ``isAvailable`` says whether this process can.
public final class ReadOnlyFolder {
    /// The writable folder behind the mount.
    public let source: URL
    /// The read-only view of it.
    public let mountPoint: URL

    public static let isAvailable: Bool = {
        guard geteuid() == 0, let probe = try? ReadOnlyFolder() else { return false }
        _ = probe
        return true
    }()

    /// Mounts `source` (a new folder when nil) read-only; fill it before.
    public init(source: URL? = nil) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ReadOnlyFolder-\(UUID().uuidString)")
        self.source = source ?? scratch.appendingPathComponent("source")
        mountPoint = scratch.appendingPathComponent("mount")
        try FileManager.default.createDirectory(at: self.source, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard Self.run(["mount", "--bind", self.source.path, mountPoint.path]) else {
            try? FileManager.default.removeItem(at: scratch)
            throw CocoaError(.fileWriteNoPermission)
        }
        guard Self.run(["mount", "-o", "remount,bind,ro", mountPoint.path]) else {
            Self.run(["umount", mountPoint.path])
            try? FileManager.default.removeItem(at: scratch)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    deinit {
        Self.run(["umount", mountPoint.path])
        try? FileManager.default.removeItem(at: mountPoint.deletingLastPathComponent())
    }

    @discardableResult
    static func run(_ arguments: [String]) -> Bool {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
