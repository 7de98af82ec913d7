import ChildProcessSupport
import Foundation
import Testing

/// What a package that depends on the library resolves: a small package made in a
/// temporary folder, depending on this repository by path, and `swift package resolve`
/// on it, as a user's first build does. The library brings SQLite's wrapper, the macros'
/// syntax library and logging, never a network, TLS or HTTP stack; the PostgreSQL store
/// brings its stack only to a package that turns on the `PostgreSQL` trait, and the sync
/// transport SwiftNIO only to one that turns on `SwiftNIO`.
@Suite(.serialized) struct LeanDependencyTests {
    static let repository = MinimumSwiftVersionTests.repository
    static let library: Set<String> = ["grdb.swift", "swift-syntax", "swift-log"]
    static let serverStack: Set<String> = ["postgres-nio", "swift-nio", "swift-nio-ssl", "swift-crypto", "swift-asn1",
                                           "swift-nio-transport-services", "swift-service-lifecycle", "swift-metrics",
                                           "hummingbird", "swift-argument-parser", "swift-property-based"]

    /// The packages a dependent with `product` (and `traits`) resolves, by identity.
    static func resolved(product: String, traits: [String]? = nil) throws -> Set<String> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("LeanDependencyTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        // SwiftPM leaves a lock file per scratch path in the temporary folder, and the
        // compiler driver a folder of its own: kept in this folder, they go with it.
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let traitList = traits.map { ", traits: [" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" } ?? ""
        let manifest = """
            // swift-tools-version:6.2
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [.package(name: "OpenSwiftData", path: "\(repository.path)"\(traitList))],
                targets: [.target(name: "App", dependencies: [.product(name: "\(product)", package: "OpenSwiftData")])]
            )
            """
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import \(product)\n".write(to: folder.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)

        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", folder.path,
                             "--scratch-path", folder.appendingPathComponent(".build").path, "resolve"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package resolve failed: \(said)")

        let resolvedFile = folder.appendingPathComponent("Package.resolved")
        guard FileManager.default.fileExists(atPath: resolvedFile.path) else { return [] }
        struct Resolved: Decodable {
            struct Pin: Decodable { let identity: String }
            let pins: [Pin]
        }
        let resolved = try JSONDecoder().decode(Resolved.self, from: Data(contentsOf: resolvedFile))
        return Set(resolved.pins.map(\.identity))
    }

    @Test func theLibraryResolvesAtMostFourPackagesAndNoServerStack() throws {
        let packages = try Self.resolved(product: "OpenSwiftData")
        #expect(packages.count <= 4, "a dependent of OpenSwiftData resolves \(packages.sorted())")
        #expect(packages.isSubset(of: Self.library), "unexpected: \(packages.subtracting(Self.library).sorted())")
        #expect(packages.isDisjoint(with: Self.serverStack))
    }

    #if !canImport(Darwin)
    @Test func theSwiftDataProductResolvesWhatTheLibraryDoes() throws {
        let packages = try Self.resolved(product: "SwiftData")
        #expect(packages.count <= 4, "a dependent of SwiftData resolves \(packages.sorted())")
        #expect(packages.isSubset(of: Self.library), "unexpected: \(packages.subtracting(Self.library).sorted())")
    }
    #endif

    @Test func thePostgreSQLTraitBringsPostgresNIO() throws {
        let packages = try Self.resolved(product: "OpenSwiftDataPostgres", traits: ["PostgreSQL"])
        #expect(packages.contains("postgres-nio"))
        #expect(!packages.contains("hummingbird"))
    }

    @Test func thePostgreSQLProductWithoutTheTraitResolvesNoServerStack() throws {
        let packages = try Self.resolved(product: "OpenSwiftDataPostgres")
        #expect(packages.isDisjoint(with: Self.serverStack), "without the trait: \(packages.sorted())")
    }

    @Test func theSyncProductWithoutTheSwiftNIOTraitResolvesNoServerStack() throws {
        let packages = try Self.resolved(product: "OpenSwiftDataSync")
        #expect(packages.isDisjoint(with: Self.serverStack), "without the trait: \(packages.sorted())")
    }

    @Test func theSwiftNIOTraitBringsSwiftNIOAndNotPostgresNIO() throws {
        let packages = try Self.resolved(product: "OpenSwiftDataSync", traits: ["SwiftNIO"])
        #expect(packages.isSuperset(of: ["swift-nio", "swift-nio-ssl"]), "\(packages.sorted())")
        #expect(!packages.contains("postgres-nio") && !packages.contains("hummingbird"), "\(packages.sorted())")
    }
}
