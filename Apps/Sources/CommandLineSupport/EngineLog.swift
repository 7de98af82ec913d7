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

    /// The warning for a value of the variable that names no level (`verbose`, a misspelt
    /// `debg`): the log stays off, and without a word the user would take its silence for
    /// the engine having nothing to say. Nil when it is unset, empty or a level.
    public static func warning(for value: String?, tool: String) -> String? {
        guard let value, !value.isEmpty, Logger.Level(rawValue: value.lowercased()) == nil else { return nil }
        let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
        return "Warning: \(variable) is \(TerminalText.quoted("\"" + value + "\"")), which is not a level \(tool) knows, "
            + "so the engine's log stays off. The levels are \(names)."
    }

    /// Sends the log to standard error at the level the environment asks for, and warns of
    /// a level `tool` does not know. Call it once, before anything logs.
    static func bootstrap(tool: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        // The value as the user set it, its bytes that are not UTF-8 shown as `\xE9`.
        let value = environment[variable].map { EnvironmentValue.shown(variable) ?? $0 }
        if let warning = warning(for: value, tool: tool) { StandardError.write(Data((warning + "\n").utf8)) }
        let level = level(in: environment)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
