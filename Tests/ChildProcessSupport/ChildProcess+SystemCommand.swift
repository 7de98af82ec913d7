import Foundation

extension ChildProcess {
    /// Runs a system command found on the `PATH` (`mount`, `umount`, `chattr`), its output
    /// discarded: true when it ran and exited with status 0. For the tests that set up a
    /// file system (a read-only mount, a small `tmpfs`, an immutable file) as root.
    @discardableResult
    public static func succeeds(_ arguments: [String]) -> Bool {
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
