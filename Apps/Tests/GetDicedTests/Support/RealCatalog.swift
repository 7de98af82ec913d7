import Foundation
import GRDB

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
        return packageRoot.appendingPathComponent("../../shared/data/cards_initial.db").standardized.path
    }()

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: path) }

    /// A writable copy of the catalog at `path`, for tests that alter it.
    static func copy(to path: String) throws -> DatabaseQueue {
        var readOnly = Configuration()
        readOnly.readonly = true
        let source = try DatabaseQueue(path: self.path, configuration: readOnly)
        defer { try? source.close() }
        let copy = try DatabaseQueue(path: path)
        try source.backup(to: copy)
        return copy
    }
}
