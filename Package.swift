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
        // Needs the `PostgreSQL` trait; without it the module only names what to enable.
        .library(name: "OpenSwiftDataPostgres", targets: ["OpenSwiftDataPostgres"]),
        // Sync through a server of one's own: the client, the conflict rule and the server's
        // log, transport-agnostic. A product of its own so the core library gains no network code.
        .library(name: "OpenSwiftDataSync", targets: ["OpenSwiftDataSync"]),
    ] + swiftDataShim,
    // A trait rather than a package of its own: SwiftPM can depend on a repository only
    // through the package at its root, so a PostgreSQL package in a folder here could not
    // be named by URL. A trait keeps one dependency line, and SwiftPM neither fetches nor
    // resolves PostgresNIO's stack for a dependent that leaves it off.
    traits: [
        .trait(name: "PostgreSQL", description: "The PostgreSQL store (OpenSwiftDataPostgres), on PostgresNIO."),
        .trait(name: "SwiftNIO", description: "HTTPSyncTransport on SwiftNIO rather than Foundation's URLSession, which on Linux keeps a processor core busy while it waits for the server."),
    ],
    // A dependent resolves GRDB, swift-syntax and swift-log only (`LeanDependencyTests`):
    // the others serve this package's own tests and documentation, or the traits.
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Adds `swift package generate-documentation` and `preview-documentation` for the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .macro(
            name: "OpenSwiftDataMacros",
            // Its expansion tests are the package in MacroTests/, which builds these sources too.
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
                "ChildProcessSupport",
            ] + swiftDataShimDependency
        ),
        // A program's own `DataStore` in one JSON file (WWDC24's sample), as a user writes it
        // in a module of their own: the custom-store tests and the behaviour suites use it.
        .target(name: "CustomStoreSupport", dependencies: ["OpenSwiftData"], path: "Tests/CustomStoreSupport"),
        // The differential query oracle and its models, shared by the SQLite and PostgreSQL tests
        // (and, through a link, by the apps package's fuzz replay); the sync tests take its seeded generator.
        .target(name: "QueryOracle", dependencies: ["OpenSwiftData"], path: "Tests/QueryOracle"),
        // Starts the programs the tests run (`ChildProcess`), where Foundation's `Process` can
        // stop the test run; shared, through a link, with the apps package's tests.
        .target(name: "ChildProcessSupport", path: "Tests/ChildProcessSupport"),
        // A pass-through SQLite VFS whose writes and syncs fail on demand (`SaveFaultTests`).
        .target(name: "FaultInjection", path: "Tests/FaultInjection", linkerSettings: [.linkedLibrary("sqlite3")]),
        // A second process for the tests of many processes on one store.
        // GRDB: `hold-lock` holds a write lock as another program would.
        .executableTarget(
            name: "StoreWorkload",
            dependencies: ["OpenSwiftData", "OpenSwiftDataPostgres", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/StoreWorkload"
        ),
        // The PostgreSQL store: `PostgresConfiguration` for a container, its sessions and pool
        // over PostgresNIO, its dialect and value codecs. Its sources compile under the trait.
        .target(
            name: "OpenSwiftDataPostgres",
            dependencies: [
                "OpenSwiftData",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        // With the trait off these compile to nothing: `swift test` runs the SQLite tests,
        // `swift test --traits PostgreSQL` adds the PostgreSQL store's.
        .testTarget(
            name: "OpenSwiftDataPostgresTests",
            dependencies: ["OpenSwiftDataPostgres", "OpenSwiftData", "QueryOracle", "ChildProcessSupport",
                           .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                           .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // The behaviour every store shares, one source run on SQLite, PostgreSQL and the JSON
        // store a user would write. Its models and PostgreSQL helpers are in Tests/StoreTestsShared,
        // which this target and OpenSwiftDataPostgresTests each link to (`Shared`).
        .testTarget(
            name: "StoreBehaviourTests",
            dependencies: ["OpenSwiftData", "OpenSwiftDataPostgres", "CustomStoreSupport"]
        ),

        // Sync: the hybrid logical clock, the wire types, the client and the server's log.
        // Its HTTP transport goes through SwiftNIO under the `SwiftNIO` trait.
        .target(name: "OpenSwiftDataSync", dependencies: [
            "OpenSwiftData",
            .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["SwiftNIO"])),
            .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["SwiftNIO"])),
            .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["SwiftNIO"])),
            .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["SwiftNIO"])),
        ]),
        .testTarget(name: "OpenSwiftDataSyncTests", dependencies: ["OpenSwiftDataSync", "OpenSwiftData", "QueryOracle"]),

        // The models of seed 004, written for SwiftData (seed 001's are in CouponTracker, seed 003's in Trendy).
        .testTarget(name: "SeedModelTests", dependencies: ["OpenSwiftData"] + swiftDataShimDependency),
    ] + swiftDataShimTargets + BuildSetting.all.map(\.target),
    swiftLanguageModes: [.v6]
)
