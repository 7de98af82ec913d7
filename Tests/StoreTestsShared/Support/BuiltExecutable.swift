import Foundation

/// An executable target of this package as `swift build --build-tests` left it: beside
/// the test bundle, or in the package's `.build/debug`.
enum BuiltExecutable {
    static func named(_ name: String) -> URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // StoreTestsShared, or the test target that links this file
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
        let built = package.appendingPathComponent(".build/debug/\(name)")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }
}
