// swift-tools-version:6.1
import PackageDescription

// A separate package so that the coverage instrumentation libFuzzer needs never touches
// the root package's build. Build and run it through `./run` (see RELIABILITY.md, Fuzzing).
let package = Package(
    name: "OpenSwiftDataFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Named explicitly: a path dependency is otherwise identified by its folder name,
        // which differs between clones and worktrees.
        .package(name: "OpenSwiftDataApps", path: "../Apps"),
    ],
    targets: [
        // The driver: the command line, handing it to libFuzzer. The targets' checks are in
        // the apps package (`FuzzChecks`, `EngineFuzzChecks`), where `swift test` replays them.
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "FuzzChecks", package: "OpenSwiftDataApps")]
        ),
        // One executable holding the targets on the engine; the first argument names the
        // one to run. Linking with -sanitize=fuzzer brings libFuzzer's runtime, whose own
        // `main` ours replaces. `./run` instruments every Swift module for coverage.
        .executableTarget(
            name: "fuzz",
            dependencies: [
                "FuzzSupport",
                .product(name: "EngineFuzzChecks", package: "OpenSwiftDataApps"),
            ],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        ),
        // Get Diced's deck lists: on GRDB alone, so it builds without the engine's macros.
        .executableTarget(
            name: "fuzz-getdiced",
            dependencies: ["FuzzSupport"],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
