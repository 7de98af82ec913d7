import Foundation

/// The bundled catalog `cards_initial.db`, found by path and never copied into the
/// repository: `$GETDICED_CATALOG`, else `../shared/data/cards_initial.db` beside
/// the package root.
enum RealCatalog {
    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["GETDICED_CATALOG"], !path.isEmpty {
            return path
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // GetDicedTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
        return packageRoot.appendingPathComponent("../shared/data/cards_initial.db").standardized.path
    }()

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: path) }
}
