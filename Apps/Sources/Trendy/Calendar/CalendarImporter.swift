import SwiftData
import Foundation
import NameText

/// The seed's batch import made real: a calendar file's events become Events of the
/// types their summaries map to, all inserted and written by one save, so that a
/// failure, or a process killed during the save, leaves none of them.
public enum CalendarImporter {
    public struct Options: Sendable {
        public var rules: [ImportRule]
        /// The type of an event no rule matches; nil skips such events.
        public var defaultTypeName: String?
        /// Recurring events are expanded over it.
        public var window: DateInterval
        /// Where floating times are placed (an all-day date is kept as its date, whatever the zone).
        public var timeZone: TimeZone

        public init(rules: [ImportRule], defaultTypeName: String?, window: DateInterval, timeZone: TimeZone) {
            self.rules = rules
            self.defaultTypeName = defaultTypeName
            self.window = window
            self.timeZone = timeZone
        }
    }

    public struct Summary: Equatable, Sendable {
        /// Events added, by type name.
        public var added: [String: Int] = [:]
        /// Already imported before (same UID and start), or twice in the file.
        public var duplicates = 0
        /// Matched by no rule, with no default type.
        public var unmatched = 0
        public var typesCreated: [String] = []
        public var total: Int { added.values.reduce(0, +) }
    }

    /// Imports `text`. `progress` is told (done, total) as events are prepared.
    public static func importCalendar(_ text: String, options: Options, into context: ModelContext,
                                      progress: ((Int, Int) -> Void)? = nil) throws -> Summary {
        let occurrences = try ICSCalendarReader.occurrences(in: text, window: options.window, timeZone: options.timeZone)
        return try importOccurrences(occurrences, options: options, into: context, progress: progress)
    }

    /// Imports occurrences already read, so that a caller can refuse a bad file before it opens the store.
    public static func importOccurrences(_ occurrences: [CalendarOccurrence], options: Options, into context: ModelContext,
                                         progress: ((Int, Int) -> Void)? = nil) throws -> Summary {
        var summary = Summary()
        do {
            // One transaction from the reads to the save: what is found already there is
            // still there, and nothing is added twice by two imports at once.
            try context.transaction {
                // An all-day event imported before this version is at the start of its day in the zone
                // it was imported in: compared by its date, it is the one the file's date names.
                var seen = Set(try context.fetch(FetchDescriptor<Event>(predicate: #Predicate { $0.externalID != nil }))
                    .compactMap { event in
                        event.externalID.map { ICSCalendarReader.key($0, event.isAllDay ? AllDay.day(of: event.timestamp) : event.timestamp) }
                    })
                var types: [String: EventType] = [:]
                for type in try context.fetch(FetchDescriptor<EventType>()) { types[EventType.nameKey(type.name)] = type }
                for (index, occurrence) in occurrences.enumerated() {
                    defer { progress?(index + 1, occurrences.count) }
                    guard let typeName = options.rules.first(where: { $0.matches(occurrence.summary) })?.typeName ?? options.defaultTypeName else {
                        summary.unmatched += 1
                        continue
                    }
                    guard seen.insert(ICSCalendarReader.key(occurrence.uid, occurrence.start)).inserted else {
                        summary.duplicates += 1
                        continue
                    }
                    let type: EventType
                    if let existing = types[EventType.nameKey(typeName)] {
                        type = existing
                    } else {
                        let name = typeName.trimmingCharacters(in: .whitespacesAndNewlines)
                        if let problem = NameLineBreak(in: name, what: "event type name") { throw problem }
                        if let problem = NameControlCharacter(in: name) { throw problem }
                        type = EventType(name: name)
                        context.insert(type)
                        types[EventType.nameKey(name)] = type
                        summary.typesCreated.append(name)
                    }
                    let notes = [occurrence.summary, occurrence.details ?? ""].filter { !$0.isEmpty }.joined(separator: "\n")
                    context.insert(Event(timestamp: occurrence.start, eventType: type, notes: notes.isEmpty ? nil : notes,
                                         isAllDay: occurrence.isAllDay, endDate: occurrence.end, externalID: occurrence.uid))
                    summary.added[type.name, default: 0] += 1
                }
            }
        } catch {
            context.rollback()
            // Not wrapped: the store's errors say themselves that nothing was changed.
            throw error
        }
        return summary
    }

    /// Reads a calendar file as text, refusing one that is not UTF-8.
    public static func readFile(_ url: URL) throws -> String {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ICSError(line: 0, "\(url.path) cannot be read: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ICSError(line: 0, "\(url.path) is not UTF-8 text") }
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
}
