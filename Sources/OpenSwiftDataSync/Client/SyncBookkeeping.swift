import Foundation
import OpenSwiftData

/// The sync client's notes (records, clocks, checkpoint) as one context holds them.
///
/// Only the notes of the models a sync touches are read: a push or a pull first asks
/// for the ones its changes name, in a few queries (``load(rows:)``, ``load(syncIDs:)``),
/// and a note asked for later is read on its own. So a sync's cost follows what changed,
/// not what the store holds. The notes are saved with the models the pass changes.
final class SyncBookkeeping {
    let context: ModelContext
    let checkpoint: SyncCheckpoint
    private var recordsByID: [UUID: SyncModelRecord] = [:]
    private var recordsByRow: [RowKey: SyncModelRecord] = [:]
    /// Sync IDs and rows whose record was read (or made): one not cached is not stored.
    private var readIDs: Set<UUID> = []
    private var readRows: Set<RowKey> = []
    /// Every clock of each sync ID whose clocks were read (or that has none yet).
    private var clocks: [UUID: [String: SyncPropertyClock]] = [:]

    struct RowKey: Hashable {
        let entity: String
        let rowID: Int64
    }

    init(_ context: ModelContext) throws {
        self.context = context
        if let existing = try context.fetch(FetchDescriptor<SyncCheckpoint>()).first {
            checkpoint = existing
        } else {
            checkpoint = SyncCheckpoint(device: UUID(), clock: HLCTimestamp.zero.description)
            context.insert(checkpoint)
        }
        // A clock read as none would make moments before writes already noted, which would
        // then lose to this device's own earlier ones: it continues after every stored clock.
        if HLCTimestamp(checkpoint.clock) == nil { checkpoint.clock = try latestStoredMoment { _, _ in false }.description }
    }

    /// The device clock, continuing from the checkpoint.
    var clock: HybridLogicalClock {
        get { HybridLogicalClock(node: checkpoint.device, latest: HLCTimestamp(checkpoint.clock) ?? .zero) }
        set { checkpoint.clock = newValue.latest.description }
    }

    // MARK: Reading

    // The reads below see the stored records and clocks alone (`includePendingChanges` off):
    // every one this book made or changed is in its caches already, and a fetch that merged
    // the context's unsaved models went through all of them each time, so that a batch of
    // thousands of models, each naming members it had not read, took time growing with the
    // square of their number. A stored record this book has since marked gone is left out.

    /// Reads the live records of these rows, and their clocks, in a few queries.
    func load(rows: some Sequence<RowKey>) throws {
        let byEntity = Dictionary(grouping: rows.filter { !readRows.contains($0) }, by: \.entity)
        var found: [UUID] = []
        for (entity, keys) in byEntity {
            let rowIDs = Array(Set(keys.map(\.rowID)))
            for chunk in rowIDs.queryChunks {
                for record in try context.fetch(Self.stored(FetchDescriptor<SyncModelRecord>(
                    predicate: #Predicate { $0.entityName == entity && chunk.contains($0.rowID) && !$0.isGone }))) where !record.isGone {
                    cache(record)
                    found.append(record.syncID)
                }
            }
            readRows.formUnion(keys)
        }
        try loadClocks(found)
    }

    /// Reads the records of these sync IDs, live or gone, and their clocks, in a few queries.
    func load(syncIDs: some Sequence<UUID>) throws {
        let ids = Array(Set(syncIDs).subtracting(readIDs))
        for chunk in ids.queryChunks {
            for record in try context.fetch(Self.stored(FetchDescriptor<SyncModelRecord>(predicate: #Predicate { chunk.contains($0.syncID) }))) {
                cache(record)
            }
        }
        readIDs.formUnion(ids)
        try loadClocks(ids)
    }

    /// Every live record with a row, as the whole store's state needs them.
    func liveRecords() throws -> [SyncModelRecord] {
        let records = try context.fetch(FetchDescriptor<SyncModelRecord>(predicate: #Predicate { !$0.isGone && $0.rowID > 0 }))
        for record in records where recordsByID[record.syncID] == nil { cache(record) }
        return records.map { recordsByID[$0.syncID] ?? $0 }
    }

    private func loadClocks(_ syncIDs: [UUID]) throws {
        let ids = syncIDs.filter { clocks[$0] == nil }
        for chunk in ids.queryChunks {
            for id in chunk { clocks[id] = [:] }
            for clock in try context.fetch(Self.stored(FetchDescriptor<SyncPropertyClock>(predicate: #Predicate { chunk.contains($0.syncID) }))) {
                clocks[clock.syncID]?[clock.property] = clock
            }
        }
    }

    /// `descriptor`, reading the store alone.
    private static func stored<Model>(_ descriptor: FetchDescriptor<Model>) -> FetchDescriptor<Model> {
        var descriptor = descriptor
        descriptor.includePendingChanges = false
        return descriptor
    }

    private func cache(_ record: SyncModelRecord) {
        recordsByID[record.syncID] = record
        readIDs.insert(record.syncID)
        if record.rowID > 0 && !record.isGone {
            let key = RowKey(entity: record.entityName, rowID: record.rowID)
            recordsByRow[key] = record
            readRows.insert(key)
        }
    }

    private func clocks(of syncID: UUID) throws -> [String: SyncPropertyClock] {
        if let known = clocks[syncID] { return known }
        try loadClocks([syncID])
        return clocks[syncID] ?? [:]
    }

    // MARK: Records

    /// The live record of a stored model.
    func record(entity: String, rowID: Int64) throws -> SyncModelRecord? {
        let key = RowKey(entity: entity, rowID: rowID)
        if !readRows.contains(key) { try load(rows: [key]) }
        return recordsByRow[key]
    }

    /// The record of a sync ID, live or gone.
    func record(syncID: UUID) throws -> SyncModelRecord? {
        if !readIDs.contains(syncID) { try load(syncIDs: [syncID]) }
        return recordsByID[syncID]
    }

    /// A new record of a model. A sync ID without a record has no clocks either.
    @discardableResult
    func addRecord(syncID: UUID, entity: String, rowID: Int64, isGone: Bool = false) -> SyncModelRecord {
        let record = SyncModelRecord(syncID: syncID, entityName: entity, rowID: rowID, isGone: isGone)
        context.insert(record)
        cache(record)
        if clocks[syncID] == nil { clocks[syncID] = [:] }
        return record
    }

    /// Notes that a record's model is gone, for good.
    func markGone(_ record: SyncModelRecord) {
        record.isGone = true
        recordsByRow[RowKey(entity: record.entityName, rowID: record.rowID)] = nil
    }

    /// Gives a record (and its clocks) another sync ID: the server merged its model into that one.
    func rename(_ record: SyncModelRecord, to syncID: UUID) throws {
        let moved = try clocks(of: record.syncID)
        clocks[record.syncID] = [:]
        for clock in moved.values { clock.syncID = syncID }
        clocks[syncID] = moved
        recordsByID[record.syncID] = nil
        record.syncID = syncID
        cache(record)
    }

    // MARK: Clocks

    /// When a property was last written, if it has been.
    func clock(of syncID: UUID, _ property: String) throws -> HLCTimestamp? {
        try clocks(of: syncID)[property].flatMap { HLCTimestamp($0.clock) }
    }

    /// The names of the properties of a sync ID that have a clock.
    func propertyNames(of syncID: UUID) throws -> [String] {
        Array(try clocks(of: syncID).keys)
    }

    /// The sync IDs whose clocks read (or made) so far include one of `property`: the
    /// ones made by this pass are not stored yet for a query to find.
    func cachedClockOwners(named property: String) -> [UUID] {
        clocks.compactMap { $0.value[property] == nil ? nil : $0.key }
    }

    /// The latest moment of every stored property clock but those `excluded` names (by sync
    /// ID and moment); ``HLCTimestamp/zero`` when there are none. It reads every clock: for
    /// the rare mends of a clock, never for a sync's own work.
    func latestStoredMoment(excluding excluded: (UUID, HLCTimestamp) -> Bool) throws -> HLCTimestamp {
        var latest = HLCTimestamp.zero
        for clock in try context.fetch(FetchDescriptor<SyncPropertyClock>()) {
            guard let moment = HLCTimestamp(clock.clock), moment > latest, !excluded(clock.syncID, moment) else { continue }
            latest = moment
        }
        return latest
    }

    /// Gives the clocks of these sync IDs that `moments` names the moment it maps them to.
    func restampClocks(of syncIDs: Set<UUID>, _ moments: [HLCTimestamp: HLCTimestamp]) throws {
        try load(syncIDs: syncIDs)
        for syncID in syncIDs {
            for clock in try clocks(of: syncID).values {
                if let moment = HLCTimestamp(clock.clock), let restamped = moments[moment] { clock.clock = restamped.description }
            }
        }
    }

    /// The order last written for a to-many relationship kept by its members' to-one.
    func order(of syncID: UUID, _ property: String) throws -> [UUID] {
        guard let data = try clocks(of: syncID)[property]?.order else { return [] }
        return (try? JSONDecoder().decode([UUID].self, from: data)) ?? []
    }

    /// Notes a write of a property at `moment`, with the order it set for a to-many kept by its members.
    func noteWrite(of syncID: UUID, _ property: String, at moment: HLCTimestamp, order: [UUID]? = nil) throws {
        let encodedOrder = try order.map { try JSONEncoder().encode($0) }
        if let existing = try clocks(of: syncID)[property] {
            existing.clock = moment.description
            if order != nil { existing.order = encodedOrder }
        } else {
            let clock = SyncPropertyClock(syncID: syncID, property: property, clock: moment.description, order: encodedOrder)
            context.insert(clock)
            clocks[syncID, default: [:]][property] = clock
        }
    }
}
