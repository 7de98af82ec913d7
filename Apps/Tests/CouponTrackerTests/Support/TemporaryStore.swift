import Foundation

/// A store file in a directory of its own under the system's temporary directory,
/// removed with everything in it (WAL and SHM files too) when this is released.
final class TemporaryStore {
    let directory: URL
    /// `default.store` inside `directory`, not yet created.
    let url: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("CouponTrackerTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent("default.store")
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
