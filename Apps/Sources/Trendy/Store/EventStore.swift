import CheckThenSave
import SwiftData
import Foundation
import NameText
import Observation

/// The single source of truth the seed describes (ViewModels/EventStore.swift): every
/// change goes through it, is saved at once, and refreshes `events` (newest first) and
/// `eventTypes` (by name). A failure sets `errorMessage`, puts the context back as it
/// was, and returns nil or false, where the seed printed and carried on.
///
/// A change that checks the store first (a type's name is free, the type or event it
/// edits is still there) reads and saves in one transaction
/// (`ModelContext.transaction(block:)`): another context, thread or process adding the
/// same name meanwhile is held off until the save, then finds the name taken.
@Observable
@MainActor
public final class EventStore {
    public private(set) var events: [Event] = []
    public private(set) var eventTypes: [EventType] = []
    public private(set) var errorMessage: String?
    /// The error behind `errorMessage`: a tool puts it in its own words (a damaged or
    /// read-only store says so once, with what to do, rather than inside "could not be saved").
    public private(set) var lastError: (any Error)?

    public let modelContext: ModelContext

    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    // MARK: Read

    /// Loads every event, newest first, and every type, by name.
    @discardableResult
    public func fetchData() -> Bool {
        succeeded {
            events = try modelContext.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp, order: .reverse)]))
            eventTypes = try modelContext.fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)]))
        }
    }

    /// The loaded events of one type (the seed's "querying by relationship").
    public func events(for eventType: EventType) -> [Event] {
        // The type itself, not its id: two types another program gave one id each held both's events.
        events.filter { $0.eventType?.persistentModelID == eventType.persistentModelID }
    }

    /// The type with this name, ignoring case.
    public func eventType(named name: String) -> EventType? {
        let wanted = EventType.nameKey(name)
        return eventTypes.first { EventType.nameKey($0.name) == wanted }
    }

    // MARK: Types

    @discardableResult
    public func createEventType(name: String, colorHex: String = "#007AFF", iconName: String = "circle") -> EventType? {
        saved {
            let type = EventType(name: try checkedName(name, excluding: nil), colorHex: try Self.checkedColor(colorHex),
                                 iconName: iconName)
            modelContext.insert(type)
            return type
        }
    }

    /// Changes a type's name, colour, icon or id; nil leaves that one as it is.
    @discardableResult
    public func updateEventType(_ type: EventType, name: String? = nil, colorHex: String? = nil, iconName: String? = nil,
                                id: UUID? = nil) -> Bool {
        saved { () -> Void in
            guard try modelContext.current(type) != nil else { throw TrendyError.unknownType(type.name) }
            let newName = try name.map { try checkedName($0, excluding: type) }
            let newColor = try colorHex.map(Self.checkedColor)
            if let newName { type.name = newName }
            if let newColor { type.colorHex = newColor }
            if let iconName { type.iconName = iconName }
            if let id { type.id = id }
        } != nil
    }

    /// Renames the type named `oldName` (ignoring case), looked up inside the save's
    /// transaction: a type another process renamed since this one read it is no longer
    /// named so, and is left as the other made it, as it would be had this rename run after
    /// the other's. By the type read before, two renames at once would both say "Renamed",
    /// and the second would overwrite the first's new name without a word.
    @discardableResult
    public func renameEventType(named oldName: String, to newName: String) -> Bool {
        saved { () -> Void in
            let wanted = EventType.nameKey(oldName)
            guard let type = try modelContext.fetch(FetchDescriptor<EventType>()).first(where: { EventType.nameKey($0.name) == wanted })
            else { throw TrendyError.unknownType(oldName.trimmingCharacters(in: .whitespacesAndNewlines)) }
            type.name = try checkedName(newName, excluding: type)
        } != nil
    }

    /// Deletes a type; its events stay, without a type (the `.nullify` rule).
    @discardableResult
    public func deleteEventType(_ type: EventType) -> Bool {
        deleteEventTypeCountingEvents(type) != nil
    }

    /// Deletes a type and gives how many events it had, counted in the delete's own
    /// transaction: a count read before it would leave out events another process logged
    /// of the type in between, which the delete keeps without a type all the same.
    public func deleteEventTypeCountingEvents(_ type: EventType) -> Int? {
        saved { () -> Int in
            // Another process may have deleted it since it was read: that is not this delete done.
            guard let current = try modelContext.current(type) else { throw TrendyError.unknownType(type.name) }
            let id = current.persistentModelID
            let count = try modelContext.fetch(FetchDescriptor<Event>()).count { $0.eventType?.persistentModelID == id }
            modelContext.delete(current)
            return count
        }
    }

    // MARK: Events

    /// The seed's create flow: insert, save, refresh.
    @discardableResult
    public func createEvent(type: EventType?, at timestamp: Date, notes: String? = nil,
                            isAllDay: Bool = false, endDate: Date? = nil) -> Event? {
        saved {
            if let endDate, endDate < timestamp { throw TrendyError.endBeforeStart }
            // A type another process deleted since it was read: the event would name a type that is gone.
            if let type, try modelContext.current(type) == nil { throw TrendyError.unknownType(type.name) }
            let event = Event(timestamp: timestamp, eventType: type, notes: notes, isAllDay: isAllDay, endDate: endDate)
            modelContext.insert(event)
            return event
        }
    }

    /// The seed's update flow: change properties, save. `change` edits the event; the
    /// edit is undone if it leaves the event invalid or the save fails.
    @discardableResult
    public func updateEvent(_ event: Event, _ change: (Event) -> Void) -> Bool {
        saved { () -> Void in
            guard try modelContext.current(event) != nil else {
                throw TrendyError.unknownEvent(String(event.id.uuidString.prefix(8)).lowercased())
            }
            change(event)
            if let end = event.endDate, end < event.timestamp { throw TrendyError.endBeforeStart }
            // A type another process deleted since it was read: the event would name a type that is gone.
            if let type = event.eventType, try modelContext.current(type) == nil { throw TrendyError.unknownType(type.name) }
        } != nil
    }

    /// The seed's delete flow: delete, let the relationship clean up, save.
    @discardableResult
    public func deleteEvent(_ event: Event) -> Bool {
        saved { () -> Void in
            // Another process may have deleted it since it was read: that is not this delete done.
            guard let current = try modelContext.current(event) else {
                throw TrendyError.unknownEvent(String(event.id.uuidString.prefix(8)).lowercased())
            }
            modelContext.delete(current)
        } != nil
    }

    // MARK: Batches

    /// The seed's calendar import: every event of the file in one save, then a refresh.
    @discardableResult
    public func importCalendar(_ text: String, options: CalendarImporter.Options,
                               progress: ((Int, Int) -> Void)? = nil) -> CalendarImporter.Summary? {
        attempt {
            let summary = try CalendarImporter.importCalendar(text, options: options, into: modelContext, progress: progress)
            try refresh()
            return summary
        }
    }

    /// The same, for a file already read (see ``ICSCalendarReader``).
    @discardableResult
    public func importOccurrences(_ occurrences: [CalendarOccurrence], options: CalendarImporter.Options,
                                  progress: ((Int, Int) -> Void)? = nil) -> CalendarImporter.Summary? {
        attempt {
            let summary = try CalendarImporter.importOccurrences(occurrences, options: options, into: modelContext, progress: progress)
            try refresh()
            return summary
        }
    }

    /// Adds a JSON export's types and events in one save, then refreshes.
    @discardableResult
    public func importBackup(_ data: Data, progress: ((Int, Int) -> Void)? = nil) -> BackupExchange.ImportSummary? {
        attempt {
            let summary = try BackupExchange.importBackup(data, into: modelContext, progress: progress)
            try refresh()
            return summary
        }
    }

    /// Every type and event as JSON.
    public func exportBackup() -> Data? {
        attempt { try BackupExchange.export(from: modelContext) }
    }

    // MARK: Saving

    /// Runs `changes` (its checks, then its edits) and saves them as one transaction,
    /// then refreshes; nil, with the error recorded and the context as the store is, if
    /// anything throws. The store's errors (damaged, read-only, full) are not wrapped:
    /// they say themselves that nothing was changed, and a tool puts them in its words
    /// (`lastError`).
    private func saved<Value>(_ changes: () throws -> Value) -> Value? {
        attempt {
            let value = try modelContext.withTransaction(changes)
            try refresh()
            return value
        }
    }

    private func refresh() throws {
        events = try modelContext.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp, order: .reverse)]))
        eventTypes = try modelContext.fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)]))
    }

    /// Runs `body`; tells whether it succeeded.
    private func succeeded(_ body: () throws -> Void) -> Bool {
        let result: Void? = attempt(body)
        return result != nil
    }

    /// Runs `body`; on failure records the error and discards the unsaved changes.
    private func attempt<Value>(_ body: () throws -> Value) -> Value? {
        do {
            let value = try body()
            errorMessage = nil
            lastError = nil
            return value
        } catch {
            modelContext.rollback()
            errorMessage = error.localizedDescription
            lastError = error
            return nil
        }
    }

    private func checkedName(_ name: String, excluding type: EventType?) throws -> String {
        let trimmed = try Self.checkedNameAlone(name)
        let all = try modelContext.fetch(FetchDescriptor<EventType>())
        // Named as the store holds it ("Coffee"), not as given ("coffee").
        if let holder = all.first(where: { $0 !== type && EventType.nameKey($0.name) == EventType.nameKey(trimmed) }) {
            throw TrendyError.duplicateTypeName(holder.name)
        }
        return trimmed
    }

    /// `name` trimmed, unless it cannot name any type: checked before a store is opened, so
    /// that a refused first command leaves no new store behind.
    public nonisolated static func checkedNameAlone(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard NameText.showsSomething(trimmed) else { throw TrendyError.emptyTypeName }
        if let problem = NameLineBreak(in: trimmed, what: "event type name") { throw problem }
        return trimmed
    }

    public nonisolated static func checkedColor(_ text: String) throws -> String {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit) else { throw TrendyError.invalidColor(text) }
        return "#" + hex.uppercased()
    }
}
