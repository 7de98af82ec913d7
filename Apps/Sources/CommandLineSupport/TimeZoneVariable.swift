import Foundation

/// The `TZ` environment variable, when it names a zone Foundation does not know
/// (`TZ=Mars/Olympus`, a misspelt `Europe/Pari`): Foundation then reads and shows every
/// time in UTC without a word, so a user whose evening times land on the wrong day could
/// not tell why. The tools still run (UTC is a time zone, and a command that reads no
/// date should not fail for it), and say so once, on standard error.
public enum TimeZoneVariable {
    /// The warning for `value`, or nil when it is unset, empty (UTC to the C library too),
    /// a zone Foundation knows, or a zone file that exists.
    public static func warning(for value: String?, tool: String) -> String? {
        guard var name = value else { return nil }
        if name.hasPrefix(":") { name.removeFirst() }
        guard !name.isEmpty, TimeZone(identifier: name) == nil else { return nil }
        if name.hasPrefix("/"), FileManager.default.fileExists(atPath: name) { return nil }
        return "Warning: TZ is \(TerminalText.quoted("\"" + name + "\"")), which is not a time zone \(tool) knows, so times are "
            + "read and shown in UTC. Set TZ to a zone such as Europe/Paris or America/New_York, or unset it to use this machine's zone."
    }

    /// Writes the warning for this process's `TZ`, if it has one.
    static func warnIfUnknown(tool: String) {
        guard let warning = warning(for: ProcessInfo.processInfo.environment["TZ"], tool: tool) else { return }
        StandardError.write(Data((warning + "\n").utf8))
    }
}
