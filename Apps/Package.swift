// swift-tools-version:6.2
import PackageDescription

// The five reference apps, their command-line tools and the example server, with what the
// tools share and the fuzz targets' checks: a package of its own, so that a user of the
// library never resolves argument parsing, Hummingbird or SwiftNIO. Run from the
// repository's root: `swift run --package-path Apps cardshow demo`.

// Model files here begin `import SwiftData`, which on Linux is the library's shim.
#if canImport(Darwin)
let swiftData: [Target.Dependency] = []
#else
let swiftData: [Target.Dependency] = [.product(name: "SwiftData", package: "OpenSwiftData")]
#endif

let openSwiftData: Target.Dependency = .product(name: "OpenSwiftData", package: "OpenSwiftData")
let postgres: Target.Dependency = .product(name: "OpenSwiftDataPostgres", package: "OpenSwiftData")
let sync: Target.Dependency = .product(name: "OpenSwiftDataSync", package: "OpenSwiftData")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "OpenSwiftDataApps",
    platforms: [.macOS(.v14)],
    // For the sibling packages only: Fuzz/ runs the fuzz targets' checks, Benchmarks/ times
    // the apps' imports. The tools are this package's executables (`swift run --package-path Apps cardshow`).
    products: [
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
        .library(name: "EngineFuzzChecks", targets: ["EngineFuzzChecks"]),
        .library(name: "CardShowPro", targets: ["CardShowPro"]),
        .library(name: "GetDiced", targets: ["GetDiced"]),
        .library(name: "Trendy", targets: ["Trendy"]),
        .library(name: "AssetFlow", targets: ["AssetFlow"]),
        .library(name: "CouponTracker", targets: ["CouponTracker"]),
    ],
    dependencies: [
        // Named explicitly: a path dependency is otherwise identified by its folder name,
        // which differs between clones and worktrees. The example server runs on PostgreSQL too;
        // the tools sync on SwiftNIO.
        .package(name: "OpenSwiftData", path: "..", traits: ["PostgreSQL", "SwiftNIO"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The example server. Its default traits would also build swift-configuration, which it does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        // Named for NIOCore and NIOHTTP1 (the server's port and its parser's errors), NIOHTTPTypes (the
        // parts its pipeline carries) and NIOHTTPTypesHTTP1 (the codec below which HTTP/1's versions are seen); Hummingbird and postgres-nio already build them.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    ],
    targets: [
        // What the five command-line tools share: checked standard output, safe output files,
        // tables, terminal-safe text, progress bars, engine errors in the user's words, and `sync`.
        .target(
            name: "CommandLineSupport",
            dependencies: [openSwiftData, sync, "ControlCharacters", "NameText", "MomentText", argumentParser, .product(name: "Logging", package: "swift-log")]
        ),

        // The rule every tool applies to a moment it reads: a real day from 1900 to 2199, a
        // time of day from 00:00 to 23:59:59. No dependencies: the apps' libraries use it too.
        .target(name: "MomentText"),
        // What JSON decoders take silently or misreport (a BOM, numbers out of range, keys
        // given twice), checked once for every import and the server.
        .target(name: "JSONText"),
        // The rules every tool holds names to: compared NFC with case folded fully (ß and SS),
        // and one line. Only Foundation and ControlCharacters: the apps' libraries use it.
        .target(name: "NameText", dependencies: ["ControlCharacters"]),
        // How messages show control characters (a line break in a path, U+202E in a name):
        // the command-line layer and the libraries that write paths into their errors.
        .target(name: "ControlCharacters"),
        // Which file a path names, and which version of it: for a store replaced under a
        // program, a link to the store itself, a file changed while it was read.
        .target(name: "FileStamps"),
        // What the apps' libraries share to check, then save, as one transaction.
        .target(name: "CheckThenSave", dependencies: [openSwiftData]),

        .testTarget(
            name: "CommandLineSupportTests",
            dependencies: ["CommandLineSupport", "MomentText", "JSONText", "NameText", "CommandLineTestSupport", "ChildProcessSupport", openSwiftData, argumentParser]
        ),
        // What the tools' tests share: running a built tool, a store's bytes, bad command lines.
        .target(name: "CommandLineTestSupport", dependencies: ["ChildProcessSupport"], path: "Tests/CommandLineTestSupport"),
        // Starts the programs the tests run, where Foundation's `Process` can stop the test run;
        // linked from the library's Tests folder.
        .target(name: "ChildProcessSupport", path: "Tests/ChildProcessSupport"),

        // The checks each fuzz target applies to an input, used by the libFuzzer executables
        // in Fuzz/ and replayed over the corpora, past findings and seeded mutations by
        // `FuzzReplayTests`. Get Diced's apart: it needs neither the engine nor its macros.
        .target(name: "FuzzChecks", dependencies: ["GetDiced", "CommandLineTestSupport"], path: "Tests/FuzzChecks"),
        .target(
            name: "EngineFuzzChecks",
            dependencies: ["FuzzChecks", openSwiftData, "CardShowPro", "CouponTracker", "AssetFlow", "Trendy"],
            path: "Tests/EngineFuzzChecks"
        ),
        // The library's differential query oracle, linked from its Tests folder (a test
        // target of the library's is not a product this package could name). The sync kill
        // test takes its seeded generator.
        .target(name: "QueryOracle", dependencies: [openSwiftData], path: "Tests/QueryOracle"),
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzChecks", "EngineFuzzChecks", "QueryOracle"]),

        // Get Diced: seed 002, plain SQLite through GRDB.
        .target(name: "GetDiced", dependencies: ["ControlCharacters", "NameText", grdb]),
        .executableTarget(name: "getdiced", dependencies: ["GetDiced", "CommandLineSupport", "JSONText", argumentParser]),
        .testTarget(name: "GetDicedTests", dependencies: ["GetDiced", "CommandLineTestSupport", "ChildProcessSupport", "NameText", grdb]),

        // CardShow Pro: seed 000, on OpenSwiftData; GRDB directly only for SQLite's online backup;
        // OpenSwiftDataSync for the sync client's notes, which its stores hold (schema version 6 on).
        .target(name: "CardShowPro", dependencies: [openSwiftData, sync, "CheckThenSave", "MomentText", "JSONText", "NameText", "FileStamps", grdb]),
        .executableTarget(
            name: "cardshow",
            dependencies: ["CardShowPro", "CommandLineSupport", "MomentText", sync, argumentParser],
            exclude: ["README.md"]
        ),
        .testTarget(name: "CardShowProTests", dependencies: ["CardShowPro", "CommandLineTestSupport", "ChildProcessSupport", grdb]),
        // CardShow Pro's inventory as a JSON API (Hummingbird), on a store file or PostgreSQL; and
        // sync for CardShow Pro's and CouponTracker's stores.
        .executableTarget(
            name: "cardshow-server",
            dependencies: ["CardShowPro", "CouponTracker", "CommandLineSupport", "JSONText", "FileStamps", postgres, sync, argumentParser,
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "NIOCore", package: "swift-nio"),
                           .product(name: "NIOHTTP1", package: "swift-nio"),
                           .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                           .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras")],
            exclude: ["README.md"]
        ),
        .testTarget(name: "CardShowServerTests", dependencies: ["CommandLineTestSupport", "ChildProcessSupport", "QueryOracle", "CardShowPro", "CouponTracker", postgres, sync, grdb]),

        // AssetFlow: seed 004, on OpenSwiftData through `import SwiftData`.
        .target(name: "AssetFlow", dependencies: [openSwiftData, "CheckThenSave", "MomentText", "NameText"] + swiftData),
        .executableTarget(
            name: "assetflow",
            dependencies: ["AssetFlow", "CommandLineSupport", "JSONText", argumentParser],
            exclude: ["README.md"]
        ),
        .testTarget(name: "AssetFlowTests", dependencies: ["AssetFlow", "CommandLineTestSupport", "ChildProcessSupport"]),

        // CouponTracker: seed 001, on OpenSwiftData through `import SwiftData`, with its
        // own card-template catalog as a resource.
        .target(
            name: "CouponTracker",
            dependencies: [openSwiftData, sync, "CheckThenSave", "MomentText", "JSONText", "NameText"] + swiftData,
            resources: [.copy("Resources/CardTemplates.json")]
        ),
        .executableTarget(
            name: "coupontracker",
            dependencies: ["CouponTracker", "CommandLineSupport", "MomentText", argumentParser],
            exclude: ["README.md"]
        ),
        .testTarget(name: "CouponTrackerTests", dependencies: ["CouponTracker", "CommandLineTestSupport", "ChildProcessSupport", grdb]),

        // Trendy: seed 003, on OpenSwiftData through `import SwiftData`.
        .target(name: "Trendy", dependencies: [openSwiftData, "CheckThenSave", "MomentText", "JSONText", "ControlCharacters", "NameText", grdb] + swiftData),
        .executableTarget(
            name: "trendy",
            dependencies: ["Trendy", "CommandLineSupport", "FileStamps", argumentParser],
            exclude: ["README.md"]
        ),
        .testTarget(name: "TrendyTests", dependencies: ["Trendy", "CommandLineTestSupport", "ChildProcessSupport", grdb] + swiftData),
    ],
    swiftLanguageModes: [.v6]
)
