// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

// The `SwiftData` product lets a model file that begins `import SwiftData` compile
// unchanged where Apple's SwiftData does not exist. On Apple platforms it is left
// out so that nothing we ship clashes with Apple's module.
#if canImport(Darwin)
let swiftDataShim: [Product] = []
let swiftDataShimTargets: [Target] = []
let swiftDataShimDependency: [Target.Dependency] = []
#else
let swiftDataShim: [Product] = [.library(name: "SwiftData", targets: ["SwiftData"])]
let swiftDataShimTargets: [Target] = [.target(name: "SwiftData", dependencies: ["OpenSwiftData"])]
let swiftDataShimDependency: [Target.Dependency] = ["SwiftData"]
#endif

// The model-form tests (`Tests/ModelForms`) compiled and run under each build setting an
// app or package can have: Swift 5 and 6 language modes, nonisolated and main-actor
// default isolation, with and without approachable concurrency's upcoming features.
// Each target's folder links to the one shared folder. `XcodeAppDefaultsTests` is the
// setting of Xcode 26's app template and also runs seed 004's models and tests.
struct BuildSetting {
    let name: String
    let swift5: Bool
    let mainActor: Bool
    let approachable: Bool

    static let all: [BuildSetting] = [false, true].flatMap { swift5 in
        [false, true].flatMap { mainActor in
            [false, true].map { approachable in BuildSetting(swift5: swift5, mainActor: mainActor, approachable: approachable) }
        }
    }

    init(swift5: Bool, mainActor: Bool, approachable: Bool) {
        self.swift5 = swift5
        self.mainActor = mainActor
        self.approachable = approachable
        name = swift5 && mainActor && approachable
            ? "XcodeAppDefaultsTests"
            : "ModelForms" + (swift5 ? "Swift5" : "Swift6") + (mainActor ? "MainActor" : "") + (approachable ? "Approachable" : "") + "Tests"
    }

    /// Xcode's "Approachable Concurrency"; in Swift 6 mode the first three are already on.
    var settings: [SwiftSetting] {
        var settings: [SwiftSetting] = [.swiftLanguageMode(swift5 ? .v5 : .v6)]
        if mainActor { settings.append(.defaultIsolation(MainActor.self)) }
        if approachable {
            let features = (swift5 ? ["DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferSendableFromCaptures"] : [])
                + ["InferIsolatedConformances", "NonisolatedNonsendingByDefault"]
            settings += features.map { .enableUpcomingFeature($0) }
        }
        return settings
    }

    var target: Target {
        .testTarget(name: name, dependencies: ["OpenSwiftData"] + swiftDataShimDependency,
                    path: "Tests/ModelFormsMatrix/\(name)", swiftSettings: settings)
    }
}

let package = Package(
    name: "OpenSwiftData",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "OpenSwiftData", targets: ["OpenSwiftData"]),
        .library(name: "OpenSwiftDataPostgres", targets: ["OpenSwiftDataPostgres"]),
        .library(name: "GetDiced", targets: ["GetDiced"]),
        .executable(name: "getdiced", targets: ["getdiced"]),
        .library(name: "CardShowPro", targets: ["CardShowPro"]),
        .executable(name: "cardshow", targets: ["cardshow"]),
        .library(name: "AssetFlow", targets: ["AssetFlow"]),
        .executable(name: "assetflow", targets: ["assetflow"]),
        .library(name: "CouponTracker", targets: ["CouponTracker"]),
        .executable(name: "coupontracker", targets: ["coupontracker"]),
        .library(name: "Trendy", targets: ["Trendy"]),
        .executable(name: "trendy", targets: ["trendy"]),
        // For Fuzz/: its targets check error messages with the rule the tools' tests use.
        .library(name: "CommandLineTestSupport", targets: ["CommandLineTestSupport"]),
        // For Fuzz/: the checks of its targets, one copy, which `FuzzReplayTests` replay here.
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
        .library(name: "EngineFuzzChecks", targets: ["EngineFuzzChecks"]),
    ] + swiftDataShim,
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Adds `swift package generate-documentation` and `preview-documentation` for the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // The example server. Its default traits would also build swift-configuration, which it does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        // Named for NIOCore and NIOHTTP1 (the server's port and its parser's errors), NIOHTTPTypes (the
        // parts its pipeline carries) and NIOHTTPTypesHTTP1 (the codec below which HTTP/1's versions are seen); Hummingbird and postgres-nio already build them.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    ],
    targets: [
        .macro(
            name: "OpenSwiftDataMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "OpenSwiftData",
            dependencies: [
                "OpenSwiftDataMacros",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "OpenSwiftDataTests",
            // GRDB: tests inspect store files directly; PropertyBased: the differential query test;
            // the SwiftData shim: model files that import only `SwiftData` (ModelForms).
            dependencies: [
                "OpenSwiftData",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                "FaultInjection",
                "QueryOracle",
                "CustomStoreSupport",
            ] + swiftDataShimDependency
        ),
        // A program's own `DataStore` in one JSON file (WWDC24's sample), as a user writes it
        // in a module of their own: the custom-store tests and the behaviour suites use it.
        .target(name: "CustomStoreSupport", dependencies: ["OpenSwiftData"], path: "Tests/CustomStoreSupport"),
        // The differential query oracle and its models, shared by the SQLite and PostgreSQL tests.
        .target(name: "QueryOracle", dependencies: ["OpenSwiftData"], path: "Tests/QueryOracle"),
        // A pass-through SQLite VFS whose writes and syncs fail on demand (`SaveFaultTests`).
        .target(name: "FaultInjection", path: "Tests/FaultInjection", linkerSettings: [.linkedLibrary("sqlite3")]),
        // A second process for the tests of many processes on one store.
        // GRDB: `hold-lock` holds a write lock as another program would.
        .executableTarget(
            name: "StoreWorkload",
            dependencies: ["OpenSwiftData", "OpenSwiftDataPostgres", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/StoreWorkload"
        ),
        .testTarget(
            name: "OpenSwiftDataMacrosTests",
            dependencies: [
                "OpenSwiftDataMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ]
        ),

        // The PostgreSQL store: `PostgresConfiguration` for a container, its sessions and pool
        // over PostgresNIO, its dialect and value codecs.
        .target(
            name: "OpenSwiftDataPostgres",
            dependencies: ["OpenSwiftData", .product(name: "PostgresNIO", package: "postgres-nio")]
        ),
        .testTarget(
            name: "OpenSwiftDataPostgresTests",
            dependencies: ["OpenSwiftDataPostgres", "OpenSwiftData", "CommandLineTestSupport", "QueryOracle",
                           .product(name: "PostgresNIO", package: "postgres-nio"),
                           .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // The behaviour every store shares, one source run on SQLite, PostgreSQL and the JSON
        // store a user would write. Its models and PostgreSQL helpers are in Tests/StoreTestsShared,
        // which this target and OpenSwiftDataPostgresTests each link to (`Shared`).
        .testTarget(
            name: "StoreBehaviourTests",
            dependencies: ["OpenSwiftData", "OpenSwiftDataPostgres", "CustomStoreSupport"]
        ),

        // What the five command-line tools share: checked standard output, safe output files,
        // tables, terminal-safe text, progress bars and engine errors in the user's words.
        .target(
            name: "CommandLineSupport",
            dependencies: ["OpenSwiftData", "ControlCharacters", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")]
        ),

        // The rule every tool applies to a moment it reads: a real day from 1900 to 2199, a
        // time of day from 00:00 to 23:59:59. No dependencies: the apps' libraries use it too.
        .target(name: "MomentText"),
        // What JSON decoders take silently or misreport (a BOM, numbers out of range, keys
        // given twice), checked once for every import and the server.
        .target(name: "JSONText"),
        // The rule every tool compares names by: NFC, case folded fully (ß and SS). No
        // dependencies but Foundation: the apps' libraries use it.
        .target(name: "NameText"),
        // How messages show control characters (a line break in a path, U+202E in a name):
        // the command-line layer and the libraries that write paths into their errors.
        .target(name: "ControlCharacters"),

        .testTarget(
            name: "CommandLineSupportTests",
            dependencies: ["CommandLineSupport", "MomentText", "JSONText", "NameText", "CommandLineTestSupport", "OpenSwiftData",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // What the tools' tests share: running a built tool, a store's bytes, bad command lines.
        .target(name: "CommandLineTestSupport", path: "Tests/CommandLineTestSupport"),

        // The checks each fuzz target applies to an input, used by the libFuzzer executables
        // in Fuzz/ and replayed over the corpora, past findings and seeded mutations by
        // `FuzzReplayTests`. Get Diced's apart: it needs neither the engine nor its macros.
        .target(name: "FuzzChecks", dependencies: ["GetDiced", "CommandLineTestSupport"], path: "Tests/FuzzChecks"),
        .target(
            name: "EngineFuzzChecks",
            dependencies: ["FuzzChecks", "OpenSwiftData", "CardShowPro", "CouponTracker", "AssetFlow", "Trendy"],
            path: "Tests/EngineFuzzChecks"
        ),
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzChecks", "EngineFuzzChecks", "QueryOracle"]),

        // Get Diced: seed 002, plain SQLite through GRDB.
        .target(
            name: "GetDiced",
            dependencies: ["ControlCharacters", "NameText", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "getdiced",
            dependencies: ["GetDiced", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "GetDicedTests",
            dependencies: ["GetDiced", "CommandLineTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // The models of seed 004, written for SwiftData (seed 001's are in CouponTracker, seed 003's in Trendy).
        .testTarget(name: "SeedModelTests", dependencies: ["OpenSwiftData"] + swiftDataShimDependency),

        // CardShow Pro: seed 000, on OpenSwiftData; GRDB directly only for SQLite's online backup.
        .target(
            name: "CardShowPro",
            dependencies: ["OpenSwiftData", "MomentText", "JSONText", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "cardshow",
            dependencies: ["CardShowPro", "CommandLineSupport", "MomentText", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            exclude: ["README.md"]
        ),
        .testTarget(name: "CardShowProTests", dependencies: ["CardShowPro", "CommandLineTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        // CardShow Pro's inventory as a JSON API (Hummingbird), on a store file or PostgreSQL.
        .executableTarget(
            name: "cardshow-server",
            dependencies: ["CardShowPro", "CommandLineSupport", "JSONText", "OpenSwiftDataPostgres",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "NIOCore", package: "swift-nio"),
                           .product(name: "NIOHTTP1", package: "swift-nio"),
                           .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                           .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras")],
            exclude: ["README.md"]
        ),
        .testTarget(name: "CardShowServerTests", dependencies: ["CommandLineTestSupport", "OpenSwiftDataPostgres"]),

        // AssetFlow: seed 004, on OpenSwiftData through `import SwiftData`.
        .target(name: "AssetFlow", dependencies: ["OpenSwiftData", "MomentText", "NameText"] + swiftDataShimDependency),
        .executableTarget(
            name: "assetflow",
            dependencies: ["AssetFlow", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            exclude: ["README.md"]
        ),
        .testTarget(name: "AssetFlowTests", dependencies: ["AssetFlow", "CommandLineTestSupport"]),

        // CouponTracker: seed 001, on OpenSwiftData through `import SwiftData`, with its
        // own card-template catalog as a resource.
        .target(
            name: "CouponTracker",
            dependencies: ["OpenSwiftData", "MomentText", "JSONText", "NameText"] + swiftDataShimDependency,
            resources: [.copy("Resources/CardTemplates.json")]
        ),
        .executableTarget(
            name: "coupontracker",
            dependencies: ["CouponTracker", "CommandLineSupport", "MomentText", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            exclude: ["README.md"]
        ),
        .testTarget(name: "CouponTrackerTests", dependencies: ["CouponTracker", "CommandLineTestSupport"]),

        // Trendy: seed 003, on OpenSwiftData through `import SwiftData`.
        .target(name: "Trendy", dependencies: ["OpenSwiftData", "MomentText", "JSONText", "ControlCharacters", "NameText"] + swiftDataShimDependency),
        .executableTarget(
            name: "trendy",
            dependencies: ["Trendy", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            exclude: ["README.md"]
        ),
        .testTarget(name: "TrendyTests", dependencies: ["Trendy", "CommandLineTestSupport"] + swiftDataShimDependency),
    ] + swiftDataShimTargets + BuildSetting.all.map(\.target),
    swiftLanguageModes: [.v6]
)
