import CommandLineTestSupport
import Foundation
import Testing

/// Runs the built `coupontracker` executable on a store of its own, as a user's shell would.
struct CouponTrackerProcess {
    typealias Output = ToolProcess.Output

    static var executable: URL? { ToolProcess("coupontracker").executable }

    let directory: URL
    var store: String { directory.appendingPathComponent("wallet.store").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("CouponTrackerTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    func run(_ arguments: String...) throws -> Output { try run(arguments) }

    /// Runs a command that must succeed.
    @discardableResult
    func ok(_ arguments: String...) throws -> String {
        let output = try run(arguments)
        #expect(output.status == 0, "coupontracker \(arguments.joined(separator: " ")): \(output.stderr)")
        return output.stdout
    }

    func run(_ arguments: [String]) throws -> Output {
        try ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": directory.path, "TZ": "UTC"])
            .run(arguments.contains("--store") ? arguments : arguments + ["--store", store])
    }
}
