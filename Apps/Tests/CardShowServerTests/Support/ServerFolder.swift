import Foundation

/// A temporary folder for one test's store, removed when the test lets go of it.
final class ServerFolder {
    let url: URL
    var store: String { url.appendingPathComponent("inventory.store").path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cardshow-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
