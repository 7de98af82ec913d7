import CommandLineTestSupport
import Foundation

/// Runs the built `getdiced` executable, as a player's shell or script would.
struct GetDicedProcess {
    typealias Output = ToolProcess.Output

    static var executable: URL? { ToolProcess("getdiced").executable }

    /// Environment variables set (or, when nil, removed) for every run.
    var environment: [String: String?] = [:]

    /// Runs getdiced without $GETDICED_CATALOG (unless `environment` sets it);
    /// `standardOutput` replaces the captured pipe (a file such as /dev/full).
    @discardableResult
    func run(_ arguments: [String], standardOutput: FileHandle? = nil) throws -> Output {
        try ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil].merging(environment) { $1 })
            .run(arguments, standardOutput: standardOutput)
    }
}
