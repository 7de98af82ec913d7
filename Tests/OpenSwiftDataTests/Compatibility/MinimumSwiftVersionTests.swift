import Foundation
import Testing

/// The minimum Swift version is stated once for SwiftPM (`swift-tools-version`, which
/// refuses an older toolchain) and in the words a user reads first; they must agree.
@Suite struct MinimumSwiftVersionTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ file: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
    }

    /// "6.2" from `// swift-tools-version:6.2`.
    static func toolsVersion() throws -> String {
        let firstLine = try text("Package.swift").prefix { $0 != "\n" }
        return String(firstLine.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces)
    }

    @Test func theReadmeStatesThePackagesToolsVersion() throws {
        let version = try Self.toolsVersion()
        #expect(!version.isEmpty)
        #expect(try Self.text("README.md").contains("Swift \(version) or later"), "README.md should say Swift \(version) or later")
    }

    @Test func theChangelogStatesThePackagesToolsVersion() throws {
        let version = try Self.toolsVersion()
        #expect(try Self.text("CHANGELOG.md").contains("The minimum toolchain is **Swift \(version)**"),
                "CHANGELOG.md should state Swift \(version) as the minimum")
    }
}
