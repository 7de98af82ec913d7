import Foundation
import FuzzChecks
import OpenSwiftData
import Trendy

/// Trendy's calendar import (`trendy import-ics FILE`): the file is read as the tool
/// reads it, expanded over 2025-2026 in UTC, and imported into an in-memory store.
public final class CalendarFileTarget: FuzzTarget {
    public static let name = "trendy-ics"
    var container: ModelContainer
    var changed = false
    let options = CalendarImporter.Options(
        rules: [ImportRule(pattern: "gym", typeName: "Workout")], defaultTypeName: "Other",
        window: DateInterval(start: Date(timeIntervalSince1970: 1_735_689_600), end: Date(timeIntervalSince1970: 1_798_761_600)),
        timeZone: TimeZone(identifier: "UTC") ?? .current)

    public init() throws { container = try TrendyStore.inMemoryContainer() }

    public func run(_ data: Data) throws {
        // `CalendarImporter.readFile` refuses text that is not UTF-8 and drops a byte-order mark.
        guard let decoded = String(data: data, encoding: .utf8) else { return }
        let text = decoded.hasPrefix("\u{FEFF}") ? String(decoded.dropFirst()) : decoded
        if changed {
            container = try TrendyStore.inMemoryContainer()
            changed = false
        }
        do {
            let occurrences = try ICSCalendarReader.occurrences(in: text, window: options.window, timeZone: options.timeZone)
            _ = try CalendarImporter.importOccurrences(occurrences, options: options, into: ModelContext(container))
            changed = true
        } catch {
            try ErrorCheck.judge(error) { message in
                ErrorCheck.namesLineOrField(message) || message.contains("has no VCALENDAR") || message.contains("empty")
            }
        }
    }
}

/// Trendy's JSON export (`trendy import FILE`), imported into an in-memory store.
public final class TrendyBackupTarget: FuzzTarget {
    public static let name = "trendy-json"
    var container: ModelContainer
    var changed = false

    public init() throws { container = try TrendyStore.inMemoryContainer() }

    public func run(_ data: Data) throws {
        if changed {
            container = try TrendyStore.inMemoryContainer()
            changed = false
        }
        do {
            _ = try BackupExchange.importBackup(data, into: ModelContext(container))
            changed = true
        } catch {
            try ErrorCheck.judge(error) { message in
                ErrorCheck.namesLineOrField(message) || message.contains("event type") || message.contains("event ")
                    || message.contains(" → ") || message.contains("has no \"") || message.contains("the file has")
                    || message.contains("newer Trendy")
            }
        }
    }
}
