import Foundation

/// A fresh directory for one test, removed when the test lets go of it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString)
            .appendingPathComponent("getdiced-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// The names of the files in the directory.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
