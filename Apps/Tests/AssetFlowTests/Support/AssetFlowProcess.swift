import CommandLineTestSupport
import Foundation
import Testing

/// Runs the built `assetflow` executable on a store of its own, as a user's shell would.
struct AssetFlowProcess {
    typealias Output = ToolProcess.Output

    static var executable: URL? { ToolProcess("assetflow").executable }

    let directory: URL
    var store: String { directory.appendingPathComponent("portfolio.store").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("AssetFlowTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    func run(_ arguments: String...) throws -> Output { try run(arguments) }

    /// Runs a command that must succeed.
    @discardableResult
    func ok(_ arguments: String...) throws -> String {
        let output = try run(arguments)
        #expect(output.status == 0, "assetflow \(arguments.joined(separator: " ")): \(output.stderr)")
        return output.stdout
    }

    func run(_ arguments: [String]) throws -> Output {
        try ToolProcess("assetflow", environment: ["XDG_DATA_HOME": directory.path, "TZ": "UTC"])
            .run(arguments + ["--store", store])
    }
}
