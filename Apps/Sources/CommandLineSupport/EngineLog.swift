import Foundation
import Logging

/// Where the engine's log goes when it runs inside a command-line tool.
///
/// swift-log's default writes every message of level `info` and above to standard
/// error, where the engine's diagnostics (SQLite's integrity-check findings, the row
/// a read could not decode) would come before the tool's own message in the user's
/// words, and a script reading standard error would see them. A tool already reports
/// every failure that reaches the user, so the log stays quiet unless
/// `OPENSWIFTDATA_LOG` names a level (`trace`, `debug`, `info`, `notice`, `warning`,
/// `error`), for someone diagnosing a store.
public enum EngineLog {
    /// The environment variable that turns the engine's log on.
    public static let variable = "OPENSWIFTDATA_LOG"

    /// The level `environment` asks for; `critical` (only what stops the program) when
    /// it names none.
    public static func level(in environment: [String: String]) -> Logger.Level {
        environment[variable].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .critical
    }

    /// Sends the log to standard error at the level the environment asks for. Call it
    /// once, before anything logs.
    static func bootstrap(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let level = level(in: environment)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
