import Foundation

/// A store file in a directory of its own under the system's temporary directory,
/// removed with everything in it (`-wal`, `-shm`, moved-aside copies) when released.
final class TemporaryStore {
    let directory: URL
    /// `default.store` inside `directory`, not yet created.
    let url: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("TrendyTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent("default.store")
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The names of the files in the directory, sorted.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
