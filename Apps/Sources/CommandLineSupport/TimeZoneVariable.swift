import Foundation

/// The `TZ` environment variable, when it names a zone Foundation does not know
/// (`TZ=Mars/Olympus`, a misspelt `Europe/Pari`): Foundation then reads and shows every
/// time in UTC without a word, so a user whose evening times land on the wrong day could
/// not tell why. The tools still run (UTC is a time zone, and a command that reads no
/// date should not fail for it), and say so once, on standard error.
public enum TimeZoneVariable {
    /// The warning for `value`, or nil when it is unset, empty (UTC to the C library too),
    /// a zone Foundation knows, a zone file, or a POSIX zone with summer-time rules (`rule`).
    public static func warning(for value: String?, tool: String) -> String? {
        guard var name = value else { return nil }
        if name.hasPrefix(":") { name.removeFirst() }
        guard !name.isEmpty, TimeZone(identifier: name) == nil, POSIXTimeZoneRule(name) == nil else { return nil }
        return "Warning: TZ is \(TerminalText.quoted("\"" + name + "\"")), which is not a time zone \(tool) knows, so times are "
            + "read and shown in UTC. Set TZ to a zone such as Europe/Paris or America/New_York, or unset it to use this machine's zone."
    }

    /// The zone `value` names as Foundation reads `TZ`, when Foundation would not read it as
    /// written: `:Asia/Tokyo` (the C library's form, which `date` honours) and a path into the
    /// system's zone files (`/usr/share/zoneinfo/Asia/Tokyo`, with or without the colon) were
    /// read as UTC without a word. Nil when `value` needs no rewriting or names no known zone.
    ///
    /// Also read as the C library reads them: a path through a link into the zone files
    /// (`:/etc/localtime`, which systemd and container images recommend, was UTC with a
    /// warning), and a POSIX zone of a name and an offset without summer time (`UTC+3`,
    /// `GMT-14`, `EST5`, `<+0530>-5:30`), whose offset counts hours *behind* UTC: Foundation
    /// read `UTC+3` as 3 hours ahead, so the tools' times were 6 hours from `date`'s.
    static func rewritten(_ value: String) -> String? {
        // The C library reads `:UTC+3` as `UTC+3` when no zone file has that name (none has).
        if let posix = posixOffsetZone(value.hasPrefix(":") ? String(value.dropFirst()) : value) { return posix }
        var name = value
        if name.hasPrefix(":") { name.removeFirst() }
        if name.hasPrefix("/"), name.range(of: "/zoneinfo/") == nil, let resolved = realpath(name, nil) {
            name = String(cString: resolved)
            free(resolved)
        }
        if name.hasPrefix("/"), let folder = name.range(of: "/zoneinfo/", options: .backwards) {
            name = String(name[folder.upperBound...])
        }
        guard name != value, !name.isEmpty, TimeZone(identifier: name) != nil else { return nil }
        return name
    }

    /// `UTC+3` (a name of three letters or more, or one in angle brackets, then an offset of
    /// at most 24 hours, `h`, `hh`, `hh:mm` or `hh:mm:ss`, nothing after) as the zone
    /// Foundation names `GMT-0300`: POSIX counts the offset west of Greenwich, Foundation east.
    static func posixOffsetZone(_ value: String) -> String? {
        guard let match = value.wholeMatch(of: #/(?:[A-Za-z]{3,}|<[A-Za-z0-9+-]+>)([+-]?)(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?/#),
              let hours = Int(match.2), hours <= 24 else { return nil }
        let minutes = match.3.flatMap { Int($0) } ?? 0
        guard minutes < 60, (match.4.flatMap { Int($0) } ?? 0) < 60 else { return nil }
        guard hours > 0 || minutes > 0 else { return "GMT" }
        // West of Greenwich when the sign is + or absent: behind UTC, so GMT- in Foundation's words.
        let sign = match.1 == "-" ? "+" : "-"
        let name = "GMT" + sign + (hours < 10 ? "0" : "") + "\(hours)" + (minutes < 10 ? "0" : "") + "\(minutes)"
        return TimeZone(identifier: name) != nil ? name : nil
    }

    /// This process's `TZ` when it is a POSIX zone with summer time and its rules
    /// (`EST5EDT,M3.2.0,M11.1.0`), which the tools read and show times by; read once, before
    /// `useAsWritten` puts a zone Foundation knows in its place.
    public static let rule: POSIXTimeZoneRule? = getenv("TZ").flatMap { rule(String(cString: $0)) }

    /// The rule `value` is, with or without the colon the C library allows before any `TZ`
    /// (`:EST5EDT,M3.2.0,M11.1.0` is read as the rule when no zone file has that name).
    static func rule(_ value: String) -> POSIXTimeZoneRule? {
        POSIXTimeZoneRule(value.hasPrefix(":") ? String(value.dropFirst()) : value)
    }

    /// Sets `TZ` to the name Foundation reads, before anything asks for the current zone. For
    /// a POSIX rule, the zone of its offset now: Foundation then counts days, months and
    /// periods on the clock in force today (see `rule` for the times read and shown).
    static func useAsWritten() {
        if let rule, let name = fixedOffsetName(rule.secondsFromGMT(for: Date())) {
            setenv("TZ", name, 1)
            return
        }
        guard let value = ProcessInfo.processInfo.environment["TZ"], let name = rewritten(value) else { return }
        setenv("TZ", name, 1)
    }

    /// Foundation's name for a zone `seconds` east of UTC, `GMT-0400`; nil for one it has not.
    static func fixedOffsetName(_ seconds: Int) -> String? {
        guard seconds % 60 == 0 else { return nil }
        let minutes = abs(seconds) / 60
        let name = seconds == 0 ? "GMT" : "GMT" + (seconds < 0 ? "-" : "+") + String(format: "%02d%02d", minutes / 60, minutes % 60)
        return TimeZone(identifier: name) != nil ? name : nil
    }

    /// Writes the warning for this process's `TZ`, if it has one.
    static func warnIfUnknown(tool: String) {
        useAsWritten()
        guard let warning = warning(for: EnvironmentValue.shown("TZ"), tool: tool) else { return }
        StandardError.write(Data((warning + "\n").utf8))
    }
}
