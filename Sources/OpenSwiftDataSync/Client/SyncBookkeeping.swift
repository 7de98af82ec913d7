import Foundation
import OpenSwiftData

/// The sync client's notes (records, clocks, checkpoint) as one context holds them,
/// read once and indexed, so that one pass of a push or a pull finds them quickly and
/// saves them with the models it changes.
final class SyncBookkeeping {
    let context: ModelContext
    let checkpoint: SyncCheckpoint
    private(set) var recordsByID: [UUID: SyncModelRecord] = [:]
    private var recordsByRow: [RowKey: SyncModelRecord] = [:]
    private var clocks: [ClockKey: SyncPropertyClock] = [:]

    struct RowKey: Hashable {
        let entity: String
        let rowID: Int64
    }

    private struct ClockKey: Hashable {
        let syncID: UUID
        let property: String
    }

    init(_ context: ModelContext) throws {
        self.context = context
        if let existing = try context.fetch(FetchDescriptor<SyncCheckpoint>()).first {
            checkpoint = existing
        } else {
            checkpoint = SyncCheckpoint(device: UUID(), clock: HLCTimestamp.zero.description)
            context.insert(checkpoint)
        }
        for record in try context.fetch(FetchDescriptor<SyncModelRecord>()) {
            recordsByID[record.syncID] = record
            if record.rowID > 0 && !record.isGone { recordsByRow[RowKey(entity: record.entityName, rowID: record.rowID)] = record }
        }
        for clock in try context.fetch(FetchDescriptor<SyncPropertyClock>()) {
            clocks[ClockKey(syncID: clock.syncID, property: clock.property)] = clock
        }
    }

    /// The device clock, continuing from the checkpoint.
    var clock: HybridLogicalClock {
        get { HybridLogicalClock(node: checkpoint.device, latest: HLCTimestamp(checkpoint.clock) ?? .zero) }
        set { checkpoint.clock = newValue.latest.description }
    }

    /// The live record of a stored model.
    func record(entity: String, rowID: Int64) -> SyncModelRecord? {
        recordsByRow[RowKey(entity: entity, rowID: rowID)]
    }

    /// The record of a sync ID, live or gone.
    func record(syncID: UUID) -> SyncModelRecord? {
        recordsByID[syncID]
    }

    /// A new record of a model.
    @discardableResult
    func addRecord(syncID: UUID, entity: String, rowID: Int64, isGone: Bool = false) -> SyncModelRecord {
        let record = SyncModelRecord(syncID: syncID, entityName: entity, rowID: rowID, isGone: isGone)
        context.insert(record)
        recordsByID[syncID] = record
        if rowID > 0 && !isGone { recordsByRow[RowKey(entity: entity, rowID: rowID)] = record }
        return record
    }

    /// Notes that a record's model is gone, for good.
    func markGone(_ record: SyncModelRecord) {
        record.isGone = true
        recordsByRow[RowKey(entity: record.entityName, rowID: record.rowID)] = nil
    }

    /// Gives a record the row its model was saved to.
    func setRow(_ record: SyncModelRecord, rowID: Int64) {
        record.rowID = rowID
        if !record.isGone { recordsByRow[RowKey(entity: record.entityName, rowID: rowID)] = record }
    }

    /// Gives a record (and its clocks) another sync ID: the server merged its model into that one.
    func rename(_ record: SyncModelRecord, to syncID: UUID) {
        recordsByID[record.syncID] = nil
        for (key, clock) in clocks where key.syncID == record.syncID {
            clocks[key] = nil
            clock.syncID = syncID
            clocks[ClockKey(syncID: syncID, property: key.property)] = clock
        }
        record.syncID = syncID
        recordsByID[syncID] = record
    }

    /// When a property was last written, if it has been.
    func clock(of syncID: UUID, _ property: String) -> HLCTimestamp? {
        clocks[ClockKey(syncID: syncID, property: property)].flatMap { HLCTimestamp($0.clock) }
    }

    /// The order last written for a to-many relationship kept by its members' to-one.
    func order(of syncID: UUID, _ property: String) -> [UUID] {
        guard let data = clocks[ClockKey(syncID: syncID, property: property)]?.order else { return [] }
        return (try? JSONDecoder().decode([UUID].self, from: data)) ?? []
    }

    /// Notes a write of a property at `moment`, with the order it set for a to-many kept by its members.
    func noteWrite(of syncID: UUID, _ property: String, at moment: HLCTimestamp, order: [UUID]? = nil) {
        let encodedOrder = order.flatMap { try? JSONEncoder().encode($0) }
        if let existing = clocks[ClockKey(syncID: syncID, property: property)] {
            existing.clock = moment.description
            if order != nil { existing.order = encodedOrder }
        } else {
            let clock = SyncPropertyClock(syncID: syncID, property: property, clock: moment.description, order: encodedOrder)
            context.insert(clock)
            clocks[ClockKey(syncID: syncID, property: property)] = clock
        }
    }
}
