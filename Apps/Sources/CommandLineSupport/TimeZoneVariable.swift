import Foundation

/// The `TZ` environment variable, when it names a zone Foundation does not know
/// (`TZ=Mars/Olympus`, a misspelt `Europe/Pari`): Foundation then reads and shows every
/// time in UTC without a word, so a user whose evening times land on the wrong day could
/// not tell why. The tools still run (UTC is a time zone, and a command that reads no
/// date should not fail for it), and say so once, on standard error.
public enum TimeZoneVariable {
    /// The warning for `value`, or nil when it is unset, empty (UTC to the C library too),
    /// a zone Foundation knows, or a zone file.
    public static func warning(for value: String?, tool: String) -> String? {
        guard var name = value else { return nil }
        if name.hasPrefix(":") { name.removeFirst() }
        guard !name.isEmpty, TimeZone(identifier: name) == nil else { return nil }
        return "Warning: TZ is \(TerminalText.quoted("\"" + name + "\"")), which is not a time zone \(tool) knows, so times are "
            + "read and shown in UTC. Set TZ to a zone such as Europe/Paris or America/New_York, or unset it to use this machine's zone."
    }

    /// The zone `value` names as Foundation reads `TZ`, when Foundation would not read it as
    /// written: `:Asia/Tokyo` (the C library's form, which `date` honours) and a path into the
    /// system's zone files (`/usr/share/zoneinfo/Asia/Tokyo`, with or without the colon) were
    /// read as UTC without a word. Nil when `value` needs no rewriting or names no known zone.
    static func rewritten(_ value: String) -> String? {
        var name = value
        if name.hasPrefix(":") { name.removeFirst() }
        if name.hasPrefix("/"), let folder = name.range(of: "/zoneinfo/", options: .backwards) {
            name = String(name[folder.upperBound...])
        }
        guard name != value, !name.isEmpty, TimeZone(identifier: name) != nil else { return nil }
        return name
    }

    /// Sets `TZ` to the name Foundation reads, before anything asks for the current zone.
    static func useAsWritten() {
        guard let value = ProcessInfo.processInfo.environment["TZ"], let name = rewritten(value) else { return }
        setenv("TZ", name, 1)
    }

    /// Writes the warning for this process's `TZ`, if it has one.
    static func warnIfUnknown(tool: String) {
        useAsWritten()
        guard let warning = warning(for: ProcessInfo.processInfo.environment["TZ"], tool: tool) else { return }
        StandardError.write(Data((warning + "\n").utf8))
    }
}
