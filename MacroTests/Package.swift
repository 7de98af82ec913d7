// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

// The expansion tests of the library's macros, in a package of their own. A test target that
// depends on a macro target is built, with all it links, for the compiler's host: in the
// library's package that was its whole test product (SwiftNIO, BoringSSL twice, GRDB and the
// library compiled a second time), and a library copy of the macros compiled swift-syntax a
// second time. Here it is swift-syntax alone, which the library's build has already compiled
// for the host: `Scripts/test` builds every package into the library's build folder.
//
// The macro target is the library's macro sources (`Sources/OpenSwiftDataMacroExpansions`
// links to `../../Sources/OpenSwiftDataMacros`) under a name of its own, so that the two
// packages' builds never overwrite each other's plugin in that shared folder.
let package = Package(
    name: "OpenSwiftDataMacroTests",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        .macro(
            name: "OpenSwiftDataMacroExpansions",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "OpenSwiftDataMacrosTests",
            dependencies: [
                "OpenSwiftDataMacroExpansions",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
