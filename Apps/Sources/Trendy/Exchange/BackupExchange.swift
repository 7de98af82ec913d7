import SwiftData
import Foundation
import NameText
import JSONText
import MomentText
import ControlCharacters

/// Writes and reads ``TrendyBackup`` files.
public enum BackupExchange {
    /// What an import added and what it found already there.
    public struct ImportSummary: Equatable, Sendable {
        public var typesAdded = 0
        public var typesMatched = 0
        public var eventsAdded = 0
        public var eventsSkipped = 0
    }

    public static func export(from context: ModelContext) throws -> Data {
        let types = try context.fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)]))
        let events = try context.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)]))
        try refuseTimesNoImportTakes(in: events)
        let backup = TrendyBackup(
            version: TrendyBackup.currentVersion,
            eventTypes: types.map { .init(id: $0.id, name: $0.name, colorHex: $0.colorHex, iconName: $0.iconName) },
            events: events.map { event in
                .init(id: event.id, timestamp: Self.kept(event.timestamp, allDay: event.isAllDay), typeID: event.eventType?.id,
                      notes: event.notes, isAllDay: event.isAllDay, endDate: event.endDate.map { Self.kept($0, allDay: event.isAllDay) },
                      externalID: event.externalID)
            })
        try refuseRecordsNoImportTakes(in: backup, events: events)
        return try TrendyBackup.encoder().encode(backup)
    }

    /// Refuses an export that `trendy import` would refuse (``check(_:)``) for what another
    /// program stored: an event ending before it starts, a note of over 4,096 characters, a
    /// type with no name, a colour that is not #RRGGBB, two types of one name. The export was
    /// written, and its import refused the whole file, nothing imported. An event is named by
    /// its ID (`events`, in the order of the backup's events), where the import counts records.
    static func refuseRecordsNoImportTakes(in backup: TrendyBackup, events: [Event]) throws {
        for (record, event) in zip(backup.events, events) {
            let id = String(event.id.uuidString.prefix(8)).lowercased()
            if let end = record.endDate, end < record.timestamp {
                throw TrendyError.unimportableRecord("the event \(id) ends before it starts", fix: "Give it an end with "
                    + "`trendy edit \(id) --end TIME` (or remove it with --end \"\"), or delete it with `trendy delete \(id)`")
            }
            for (key, text) in [("notes", record.notes), ("external ID", record.externalID)] {
                guard let text, text.count > longestText else { continue }
                throw TrendyError.unimportableRecord("the \(key) of the event \(id) \(key == "notes" ? "are" : "is") \(text.count) "
                    + "characters long, where a text holds at most 4,096", fix: key == "notes" ? "Shorten them with "
                    + "`trendy edit \(id) --note TEXT`, or delete it with `trendy delete \(id)`" : "Delete it with `trendy delete \(id)`")
            }
        }
        if let (_, second) = firstRepeat(in: backup.events.map(\.id)) {
            let id = String(backup.events[second].id.uuidString.prefix(8)).lowercased()
            let count = backup.events.count { $0.id == backup.events[second].id }
            throw TrendyError.unimportableRecord("\(count) events have the id \(id)", fix: "Give each its own id with `trendy edit \(id) --new-id`")
        }
        if let (_, second) = firstRepeat(in: backup.eventTypes.map(\.id)) {
            let name = TrendyError.shellWord(backup.eventTypes[second].name)
            throw TrendyError.unimportableRecord("two event types have the id \(backup.eventTypes[second].id.uuidString)",
                                                 fix: "Give one its own id with `trendy types edit \(name) --new-id`")
        }
        if let type = backup.eventTypes.first(where: { (try? EventStore.checkedColor($0.colorHex)) == nil }) {
            throw TrendyError.unimportableRecord("the event type \"\(ControlCharacters.escaped(type.name))\" has the colour "
                                                 + "\"\(ControlCharacters.escaped(type.colorHex))\", which is not #RRGGBB",
                                                 fix: "Give it one with `trendy types edit \(TrendyError.shellWord(type.name)) --color RRGGBB`")
        }
        do {
            try check(backup)
        } catch let TrendyError.invalidBackup(reason) {
            throw TrendyError.unimportableRecord(reason, fix: "Put it right with `trendy types rename`, `trendy types edit` or "
                                                 + "`trendy types delete`")
        }
    }

    /// Refuses an event whose time or end another program stored outside the years Trendy
    /// keeps (10^300 seconds from 1970): written as the format style writes it (a year of
    /// seven digits), it made an export that `trendy import` refused whole, nothing imported.
    static func refuseTimesNoImportTakes(in events: [Event]) throws {
        func exportable(_ moment: Date, allDay: Bool) -> Bool {
            MomentText.isPlausibleExported(TrendyBackup.timeFormat.format(kept(moment, allDay: allDay)))
        }
        for event in events {
            let id = String(event.id.uuidString.prefix(8)).lowercased()
            guard exportable(event.timestamp, allDay: event.isAllDay) else { throw TrendyError.unexportableTime(event: id, isEnd: false) }
            if let end = event.endDate, !exportable(end, allDay: event.isAllDay) {
                throw TrendyError.unexportableTime(event: id, isEnd: true)
            }
        }
    }

    /// An all-day event's moment as its date, the start of it in UTC (``AllDay``): a file then
    /// says the day whatever zone it was written in, and one an earlier Trendy wrote (the start
    /// of the day in its zone) is kept as the date it stood for.
    static func kept(_ moment: Date, allDay: Bool) -> Date {
        allDay ? AllDay.day(of: moment) : moment
    }

    /// Adds the file's types and events in one save: all of them, or, if anything is
    /// wrong, none. A type already in the store (same id, or same name as `types add`
    /// compares names: case and surrounding spaces ignored) is reused; a new type's name
    /// is trimmed, as `types add` trims it; an
    /// event already in the store (same id) is skipped, so importing twice adds nothing.
    /// `progress` is told (done, total) as events are prepared, before the one save.
    public static func importBackup(_ data: Data, into context: ModelContext,
                                    progress: ((Int, Int) -> Void)? = nil) throws -> ImportSummary {
        let backup = try read(data)
        var summary = ImportSummary()
        do {
            // One transaction from the reads to the save: what is found already there is
            // still there, and nothing is added twice by two imports at once.
            try context.transaction {
                let existingTypes = try context.fetch(FetchDescriptor<EventType>())
                var typesByID: [UUID: EventType] = [:]
                for record in backup.eventTypes {
                    if let match = existingTypes.first(where: { $0.id == record.id })
                        ?? existingTypes.first(where: { EventType.nameKey($0.name) == EventType.nameKey(record.name) }) {
                        typesByID[record.id] = match
                        summary.typesMatched += 1
                    } else {
                        let type = EventType(name: record.name.trimmingCharacters(in: .whitespacesAndNewlines),
                                             colorHex: record.colorHex, iconName: record.iconName)
                        type.id = record.id
                        context.insert(type)
                        typesByID[record.id] = type
                        summary.typesAdded += 1
                    }
                }
                let existingEventIDs = Set(try context.fetch(FetchDescriptor<Event>()).map(\.id))
                for (index, record) in backup.events.enumerated() {
                    defer { progress?(index + 1, backup.events.count) }
                    if existingEventIDs.contains(record.id) {
                        summary.eventsSkipped += 1
                        continue
                    }
                    let event = Event(timestamp: Self.kept(record.timestamp, allDay: record.isAllDay),
                                      eventType: record.typeID.flatMap { typesByID[$0] }, notes: record.notes,
                                      isAllDay: record.isAllDay, endDate: record.endDate.map { Self.kept($0, allDay: record.isAllDay) },
                                      externalID: record.externalID)
                    event.id = record.id
                    context.insert(event)
                    summary.eventsAdded += 1
                }
            }
        } catch {
            context.rollback()
            throw error
        }
        return summary
    }

    /// Throws what ``read(_:)`` throws for the whole file when `start`, its first part, already
    /// holds the problem (a log given as an export), so that the rest need not be read.
    public static func refuseStart(_ start: Data) throws {
        if TextStart.jsonHasProblem(start) { _ = try read(start) }
    }

    /// The file's records, or the reason it cannot be imported: not JSON, a newer
    /// format, a missing field, or records that contradict each other.
    public static func read(_ text: Data) throws -> TrendyBackup {
        let data: Data
        do {
            data = try JSONText.checked(text)
        } catch {
            if error.isEmptyFile { throw TrendyError.invalidBackup("the file is empty: give a file `trendy export` wrote") }
            if error.isSyntax { throw TrendyError.invalidBackup("it is not valid JSON at line \(error.line): \(error.reason)") }
            let path = error.path.map { step in
                switch step {
                case .key(let key): key
                case .index(let index): "item \(index + 1)"
                }
            }
            throw TrendyError.invalidBackup("at line \(error.line)" + (path.isEmpty ? "" : ", " + path.joined(separator: " → ")) + ": " + error.reason)
        }
        if let refusal = AppFile.refusal(of: data, expected: .trendyExport) { throw TrendyError.invalidBackup(refusal) }
        let backup: TrendyBackup
        do {
            backup = try TrendyBackup.decoder().decode(TrendyBackup.self, from: data)
        } catch let error as DecodingError {
            if case let .dataCorrupted(context) = error, context.codingPath.isEmpty {
                throw TrendyError.invalidBackup(JSONText.numberThatDoesNotFit)
            }
            throw TrendyError.invalidBackup(Self.describe(error))
        } catch {
            throw TrendyError.invalidBackup("it is not a Trendy JSON export")
        }
        // No Trendy wrote a version below 1: such a file is another program's, not one to read as version 1.
        guard backup.version >= 1 else {
            throw TrendyError.invalidBackup("its version is \(backup.version), which no Trendy writes (an export's version is 1); "
                                            + "export the events again with `trendy export`")
        }
        guard backup.version <= TrendyBackup.currentVersion else {
            throw TrendyError.invalidBackup("it was written by a newer Trendy (format \(backup.version)); update Trendy first")
        }
        try check(backup)
        return backup
    }

    /// The longest text a record takes, as the other tools' imports (and their arguments):
    /// megabytes in a name or a note are a mistake.
    public static let longestText = 4_096

    /// The positions of the first value given twice in `ids` (counting from 0), or nil.
    private static func firstRepeat(in ids: [UUID]) -> (Int, Int)? {
        var seen: [UUID: Int] = [:]
        for (index, id) in ids.enumerated() {
            if let first = seen[id] { return (first, index) }
            seen[id] = index
        }
        return nil
    }

    /// Refuses a file whose records contradict each other, before anything is inserted.
    static func check(_ backup: TrendyBackup) throws {
        let typeIDs = Set(backup.eventTypes.map(\.id))
        if let (first, second) = firstRepeat(in: backup.eventTypes.map(\.id)) {
            throw TrendyError.invalidBackup("event types \(first + 1) and \(second + 1) have the same id, "
                                            + "\(backup.eventTypes[second].id.uuidString): each record of an export has its own")
        }
        var seen: [String: String] = [:]
        for (index, type) in backup.eventTypes.enumerated() {
            for (key, text) in [("name", type.name), ("colorHex", type.colorHex), ("iconName", type.iconName)] where text.count > longestText {
                throw TrendyError.invalidBackup("eventTypes → item \(index + 1) → \(key) is \(text.count) characters long; "
                                                + "a text holds at most 4,096 characters")
            }
            guard NameText.showsSomething(type.name) else {
                throw TrendyError.invalidBackup("event type \(index + 1) has an empty name")
            }
            // Names are one line, as `types add` holds them (`NameLineBreak`); the spaces around them are trimmed.
            if let problem = NameLineBreak(in: type.name.trimmingCharacters(in: .whitespacesAndNewlines)) {
                throw TrendyError.invalidBackup("eventTypes → item \(index + 1) → name \(problem.shown) \(problem.reason)")
            }
            if let problem = NameControlCharacter(in: type.name) {
                throw TrendyError.invalidBackup("eventTypes → item \(index + 1) → name \(problem.shown) \(problem.reason)")
            }
            let key = EventType.nameKey(type.name)
            if let first = seen[key] {
                // "Café" composed and "Cafe" with a combining accent look alike: said so, or the message names one name twice.
                let sameLooks = first == type.name && !first.unicodeScalars.elementsEqual(type.name.unicodeScalars)
                throw TrendyError.invalidBackup("the event types \"\(first)\" and \"\(type.name)\" have the same name "
                                                + (sameLooks ? "(the same letters, with an accent written as one character in one "
                                                    + "and as a letter and a separate mark in the other: names are compared as "
                                                    + "they look)" : "(names ignore case and the spaces around them)"))
            }
            seen[key] = type.name
            guard (try? EventStore.checkedColor(type.colorHex)) != nil else {
                throw TrendyError.invalidBackup("event type \"\(type.name)\" has the colour \"\(type.colorHex)\", which is not #RRGGBB")
            }
        }
        if let (first, second) = firstRepeat(in: backup.events.map(\.id)) {
            throw TrendyError.invalidBackup("events \(first + 1) and \(second + 1) have the same id, "
                                            + "\(backup.events[second].id.uuidString): each record of an export has its own")
        }
        for (index, event) in backup.events.enumerated() {
            for (key, text) in [("notes", event.notes), ("externalID", event.externalID)] {
                guard let text, text.count > longestText else { continue }
                throw TrendyError.invalidBackup("events → item \(index + 1) → \(key) is \(text.count) characters long; "
                                                + "a text holds at most 4,096 characters")
            }
            if let typeID = event.typeID, !typeIDs.contains(typeID) {
                throw TrendyError.invalidBackup("event \(index + 1) refers to the event type \(typeID.uuidString), which the file does not contain")
            }
            if let end = event.endDate, end < event.timestamp {
                throw TrendyError.invalidBackup("event \(index + 1) ends before it starts")
            }
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let parts = context.codingPath.map { $0.intValue.map { "item \($0 + 1)" } ?? $0.stringValue }
            return parts.isEmpty ? "the file" : parts.joined(separator: " → ")
        }
        switch error {
        case let .keyNotFound(key, context): return "\(path(context)) has no \"\(key.stringValue)\""
        case let .typeMismatch(_, context), let .valueNotFound(_, context): return "\(path(context)) has a value of the wrong kind"
        case let .dataCorrupted(context):
            guard !context.codingPath.isEmpty else { return JSONText.numberThatDoesNotFit }
            // Foundation's own words ("Attempted to decode UUID from invalid UUID string.") name its types.
            if context.debugDescription.hasPrefix("Attempted to decode UUID") || context.codingPath.last?.stringValue.hasSuffix("id") == true
                || context.codingPath.last?.stringValue.hasSuffix("ID") == true {
                return "\(path(context)) is not an ID: give all 36 characters of one, such as 3F2504E0-4F89-41D3-9A0C-0305E82C3301"
            }
            if context.debugDescription.hasPrefix("Attempted") || context.debugDescription.hasPrefix("The given data")
                || context.debugDescription.hasPrefix("Expected") {
                return "\(path(context)) has a value Trendy cannot read"
            }
            return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "it is not a Trendy JSON export"
        }
    }
}
