import CommandLineSupport
import Logging

/// The server's `LOG_LEVEL`: one of swift-log's level names, in any case, else `info`
/// with a warning, as the tools warn of a `TZ` they do not know, so that a misspelt
/// `verbose` or `debg` is not taken as `info` without a word.
enum LogLevelVariable {
    /// The level to log at, and the warning to print when `value` names none.
    static func level(from value: String?) -> (level: Logger.Level, warning: String?) {
        guard let value, !value.isEmpty else { return (.info, nil) }
        if let level = Logger.Level(rawValue: value.lowercased()) { return (level, nil) }
        let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
        return (.info, "Warning: LOG_LEVEL is \(TerminalText.quoted("\"" + value + "\"")), which is not a level cardshow-server knows, "
                    + "so it logs at info. The levels are \(names).")
    }
}
