// swift-tools-version:6.1
import PackageDescription

// A separate package so that the root package's build and CI never pull in
// package-benchmark (and its malloc interposer). Run everything through `./run`.
let package = Package(
    name: "OpenSwiftDataBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // The MallocInterposer trait is required on this toolchain: naming the traits
        // explicitly replaces the package's defaults, which would otherwise also pull in
        // a runtime interposer that the local package mirror does not carry.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The fourth engine: Fluent as a Vapor app uses it, on its SQLite driver.
        .package(url: "https://github.com/vapor/fluent-kit", from: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
        // W1-W6 on PostgreSQL: raw PostgresNIO (through the root package's pin) and
        // Fluent on its PostgreSQL driver beside OpenSwiftData's PostgreSQL store.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
        // The server benchmark's Fluent side: the inventory endpoints on Hummingbird, as
        // cardshow-server serves them. Its default traits would also build swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        // Named explicitly: a path dependency is otherwise identified by its folder name,
        // which differs between clones and worktrees.
        .package(name: "OpenSwiftData", path: "..", traits: ["PostgreSQL"]),
        // The reference apps, whose imports W13 times.
        .package(name: "OpenSwiftDataApps", path: "../Apps"),
    ],
    targets: [
        // Workload definitions, fixtures, verification and the three implementations
        // of every workload. Shared by the benchmark suite and the memory probe.
        .target(
            name: "Workloads",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                // System sqlite3 module for the raw C API implementations.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                // W13 times the reference apps' own imports.
                .product(name: "CardShowPro", package: "OpenSwiftDataApps"),
                .product(name: "GetDiced", package: "OpenSwiftDataApps"),
                .product(name: "Trendy", package: "OpenSwiftDataApps"),
                .product(name: "AssetFlow", package: "OpenSwiftDataApps"),
                .product(name: "CouponTracker", package: "OpenSwiftDataApps"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQL", package: "fluent-kit"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "OpenSwiftDataPostgres", package: "OpenSwiftData"),
                // W14 times a first and an incremental sync through the sync client and server.
                .product(name: "OpenSwiftDataSync", package: "OpenSwiftData"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
            ]
        ),
        // package-benchmark discovers executable targets whose folder sits in a folder
        // named `Benchmarks`, hence Benchmarks/Benchmarks/<target>.
        .executableTarget(
            name: "OpenSwiftDataBenchmarks",
            dependencies: [
                "Workloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/OpenSwiftDataBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // W7: measures resident memory in a fresh process per implementation, where
        // nothing else the benchmark suite did can inflate the high-water mark.
        .executableTarget(
            name: "memory-probe",
            dependencies: ["Workloads"]
        ),
        // Issue 17's growth curves: each case at each size in a process of its own.
        .executableTarget(
            name: "growth",
            dependencies: ["Workloads"]
        ),
        // The server benchmark's other side: cardshow-server's card endpoints written with
        // Fluent on PostgreSQL (see `server`).
        .executableTarget(
            name: "fluent-inventory-server",
            dependencies: [
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // One iteration of one timed benchmark, to run under a profiler.
        .executableTarget(
            name: "profile",
            dependencies: ["Workloads"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
