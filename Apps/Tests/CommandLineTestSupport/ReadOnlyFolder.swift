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
        guard ChildProcess.succeeds(["mount", "--bind", self.source.path, mountPoint.path]) else {
            try? FileManager.default.removeItem(at: scratch)
            throw CocoaError(.fileWriteNoPermission)
        }
        guard ChildProcess.succeeds(["mount", "-o", "remount,bind,ro", mountPoint.path]) else {
            ChildProcess.succeeds(["umount", mountPoint.path])
            try? FileManager.default.removeItem(at: scratch)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    deinit {
        ChildProcess.succeeds(["umount", mountPoint.path])
        try? FileManager.default.removeItem(at: mountPoint.deletingLastPathComponent())
    }
}
