import Foundation
import OpenSwiftData

/// One upload's work on an account's records, properties and log, in one context that
/// the upload saves once.
struct ServerLedger {
    let context: ModelContext
    let account: String
    /// The uploading device, which holds the changes it sent and is not sent them back.
    let device: UUID
    /// The app's schema checks, which an update making a model must pass as an insert does.
    let batchCheck: SyncBatchCheck?
    private var records: [UUID: SyncServerRecord] = [:]
    private var properties: [UUID: [String: SyncServerProperty]] = [:]
    /// Sync IDs whose record and properties were all read by ``preload(_:)``: what is not
    /// cached for them is not stored, so no query asks again.
    private var loaded: Set<UUID> = []
    /// The account's unique keys held by live models, by entity and key, for the keys the
    /// upload's inserts name (read by ``preload(_:)``), kept as the upload adds and frees them.
    private var keyHolders: [KeyName: UUID] = [:]
    private var keysLoaded = false

    private struct KeyName: Hashable {
        let entity: String
        let key: String
    }
    /// Models made by this upload, whose insert is logged with its values.
    private var fresh: Set<UUID> = []
    private var nextSequence: Int64
    /// The sync IDs the upload deletes, whose unique keys its inserts may take.
    var deletedByBatch: Set<UUID> = []
    /// The models this upload made gone, with the moment of their delete, and the ones
    /// whose to-one that must name a model it wrote: see ``deleteModelsLeftWithoutRequiredModel()``.
    private var goneNow: [(syncID: UUID, at: HLCTimestamp?)] = []
    private var requiredWrites: [(syncID: UUID, at: HLCTimestamp)] = []
    /// The models holding each value of a to-one that must name a model, by its name.
    private var holdersByValue: [String: [Data: Set<UUID>]] = [:]
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    init(context: ModelContext, account: String, device: UUID, batchCheck: SyncBatchCheck?) throws {
        self.context = context
        self.account = account
        self.device = device
        self.batchCheck = batchCheck
        var last = FetchDescriptor<SyncServerLogEntry>(predicate: #Predicate { $0.account == account },
                                                       sortBy: [SortDescriptor(\.sequence, order: .reverse)])
        last.fetchLimit = 1
        // A compaction may have removed every entry: positions go on after the last removed.
        let compacted = try SyncServer.compactedThrough(account: account, in: context)
        nextSequence = max(try context.fetch(last).first?.sequence ?? 0, compacted) + 1
    }

    /// Reads, in a few queries, the records, properties and unique keys of every model the
    /// batch names, so that recording its changes asks the store nothing more: a query per
    /// change would also have to look through every model the upload has inserted so far.
    mutating func preload(_ changes: [SyncChange]) throws {
        let ids = changes.namedSyncIDs
        let account = account
        for chunk in Array(ids).queryChunks {
            for record in try context.fetch(FetchDescriptor<SyncServerRecord>(
                predicate: #Predicate { $0.account == account && chunk.contains($0.syncID) })) {
                records[record.syncID] = record
            }
            for property in try context.fetch(FetchDescriptor<SyncServerProperty>(
                predicate: #Predicate { $0.account == account && chunk.contains($0.syncID) })) {
                properties[property.syncID, default: [:]][property.name] = property
            }
        }
        // A merge target that only a record read here names is read when a change reaches it.
        loaded = ids
        let keys = Array(Set(changes.filter { $0.kind == .insert }.flatMap(\.uniqueKeys)))
        for chunk in keys.queryChunks {
            for holder in try context.fetch(FetchDescriptor<SyncServerUniqueKey>(
                predicate: #Predicate { $0.account == account && chunk.contains($0.key) })) {
                keyHolders[KeyName(entity: holder.entityName, key: holder.key)] = holder.syncID
            }
        }
        keysLoaded = true
    }

    /// Gives an inserted model its identity: a new record, or, when a live model of its
    /// entity holds one of its unique keys, a merge into that model (logged).
    mutating func admit(_ change: SyncChange) throws {
        guard try record(change.syncID) == nil else { return }
        for key in change.uniqueKeys {
            guard let holder = try holder(of: key, entity: change.entityName), !deletedByBatch.contains(holder),
                  let target = try record(holder), !target.isGone else { continue }
            let alias = SyncServerRecord(account: account, syncID: change.syncID, entityName: change.entityName, mergedInto: target.syncID)
            context.insert(alias)
            records[change.syncID] = alias
            // The uploading device learns of the merge from the log too.
            try log(SyncChange(entityName: change.entityName, syncID: change.syncID, kind: .merge, mergedInto: target.syncID),
                    repeatsUpload: false)
            return
        }
        let record = SyncServerRecord(account: account, syncID: change.syncID, entityName: change.entityName)
        context.insert(record)
        records[change.syncID] = record
        fresh.insert(change.syncID)
        for key in change.uniqueKeys {
            context.insert(SyncServerUniqueKey(account: account, entityName: change.entityName, key: key, syncID: change.syncID))
            keyHolders[KeyName(entity: change.entityName, key: key)] = change.syncID
        }
    }

    /// Records one change by the rule; returns 1 when it changed the account's state, else 0.
    mutating func record(_ change: SyncChange) throws -> Int {
        let syncID = try resolve(change.syncID)
        // Kept, the values of one entity would be logged as another's, and read by no device.
        if let existing = try self.record(syncID), existing.entityName != change.entityName {
            throw SyncError.invalidChange("the change of \(change.entityName) \(change.syncID) names the sync ID of a model of \(existing.entityName): "
                                          + "a sync ID names one model, of one entity.")
        }
        var values: [String: SyncStampedValue] = [:]
        for (name, stamped) in change.values {
            values[try resolveMemberPair(name)] = SyncStampedValue(try resolveReferences(stamped.value), at: stamped.clock)
        }
        switch change.kind {
        case .merge:
            throw SyncError.invalidChange("a device sent a merge of \(change.entityName) \(change.syncID); only the server decides merges.")
        case .delete:
            let record: SyncServerRecord
            if let existing = try self.record(syncID) {
                guard !existing.isGone else { return 0 }
                record = existing
            } else {
                record = SyncServerRecord(account: account, syncID: syncID, entityName: change.entityName)
                context.insert(record)
                records[syncID] = record
            }
            try markGone(record, at: change.deletedAt, repeatsUpload: syncID == change.syncID)
            return 1
        case .insert, .update:
            let record: SyncServerRecord
            if let existing = try self.record(syncID) {
                record = existing
            } else {
                // An update of a model the server has never seen makes it, as an insert would,
                // and so must give what an insert gives.
                if change.kind == .update, let missing = batchCheck?.schema.missingRequiredProperty(of: change) {
                    throw SyncError.invalidChange(
                        "the batch updates \(change.entityName) \(change.syncID), which this server has never been sent, without its \(missing), "
                            + "which every \(change.entityName) has: the server holds no insert of that model (was its data put back from an older copy?).")
                }
                record = SyncServerRecord(account: account, syncID: syncID, entityName: change.entityName)
                context.insert(record)
                records[syncID] = record
                fresh.insert(syncID)
            }
            guard !record.isGone else { return 0 }
            var accepted: [String: SyncStampedValue] = [:]
            for (name, stamped) in values where try write(syncID: syncID, name: name, stamped) {
                accepted[name] = stamped
            }
            if let required = batchCheck?.schema.requiredToOnes[record.entityName], let moment = accepted.values.map(\.clock).max(),
               accepted.keys.contains(where: { required[$0] != nil }) {
                requiredWrites.append((syncID, moment))
            }
            let isFresh = fresh.remove(syncID) != nil
            guard isFresh || !accepted.isEmpty else { return 0 }
            try log(SyncChange(entityName: record.entityName, syncID: syncID, kind: isFresh ? .insert : .update, values: accepted),
                    repeatsUpload: syncID == change.syncID && values == change.values)
            return 1
        }
    }

    /// Makes a model gone and logs its delete.
    private mutating func markGone(_ record: SyncServerRecord, at moment: HLCTimestamp?, repeatsUpload: Bool) throws {
        record.isGone = true
        goneNow.append((record.syncID, moment))
        try releaseKeys(of: record.syncID)
        try log(SyncChange(entityName: record.entityName, syncID: record.syncID, kind: .delete, deletedAt: moment),
                repeatsUpload: repeatsUpload)
    }

    /// Deletes the models the upload left naming a deleted model through a to-one that
    /// must name one (``SyncedSchema/requiredToOnes``): those it made or moved to a model
    /// that is gone, and those naming a model it deleted; then, in turn, the ones naming
    /// those. Each is logged as a delete at the moment of the write or delete that left
    /// it so, and every device deletes it as it deletes any model (see the Sync article).
    /// Returns how many it deleted. A server given no schema knows of no such to-one.
    mutating func deleteModelsLeftWithoutRequiredModel() throws -> Int {
        guard let schema = batchCheck?.schema, !schema.requiredToOnes.isEmpty else { return 0 }
        var deleted = 0
        for (syncID, moment) in requiredWrites {
            guard let record = try record(syncID), !record.isGone else { continue }
            for name in (schema.requiredToOnes[record.entityName] ?? [:]).keys.sorted() {
                guard let property = try property(syncID, name),
                      case .reference(let target) = try JSONDecoder().decode(SyncValue.self, from: property.value) else { continue }
                if let named = try self.record(try resolve(target)), !named.isGone { continue }
                try markGone(record, at: moment, repeatsUpload: false)
                deleted += 1
                break
            }
        }
        var next = 0
        while next < goneNow.count {
            let (gone, moment) = goneNow[next]
            next += 1
            for (entity, names) in schema.requiredToOnes {
                for name in names.keys.sorted() {
                    for holder in try models(naming: gone, through: name) {
                        guard let record = try record(holder), record.entityName == entity, !record.isGone else { continue }
                        try markGone(record, at: moment, repeatsUpload: false)
                        deleted += 1
                    }
                }
            }
        }
        return deleted
    }

    /// The models whose property `name` names `target` now: as stored, or as this upload
    /// wrote it. The account's values of `name` are read once, by the first delete that asks.
    private mutating func models(naming target: UUID, through name: String) throws -> [UUID] {
        if holdersByValue[name] == nil {
            let account = account
            var holders: [Data: Set<UUID>] = [:]
            for property in try context.fetch(FetchDescriptor<SyncServerProperty>(predicate: #Predicate { $0.account == account && $0.name == name })) {
                holders[property.value, default: []].insert(property.syncID)
            }
            for (syncID, byName) in properties {
                if let property = byName[name] { holders[property.value, default: []].insert(syncID) }
            }
            holdersByValue[name] = holders
        }
        let value = try encoder.encode(SyncValue.reference(target))
        return try (holdersByValue[name]?[value] ?? []).sorted { $0.uuidString < $1.uuidString }
            .filter { try property($0, name)?.value == value }
    }

    /// Sets a property when the write is later than the one it holds; whether it did.
    private mutating func write(syncID: UUID, name: String, _ stamped: SyncStampedValue) throws -> Bool {
        let current = try property(syncID, name)
        if let current, let clock = HLCTimestamp(current.clock), stamped.clock <= clock { return false }
        let value = try encoder.encode(stamped.value)
        if let current {
            current.value = value
            current.clock = stamped.clock.description
        } else {
            let property = SyncServerProperty(account: account, syncID: syncID, name: name, value: value, clock: stamped.clock.description)
            context.insert(property)
            properties[syncID, default: [:]][name] = property
        }
        return true
    }

    /// Appends a change to the log. One that repeats what the device sent, under the sync ID
    /// it sent it with, is marked as its: the device holds it already.
    private mutating func log(_ change: SyncChange, repeatsUpload: Bool) throws {
        context.insert(SyncServerLogEntry(account: account, sequence: nextSequence, payload: try encoder.encode(change),
                                          device: repeatsUpload ? device : nil))
        nextSequence += 1
    }

    private mutating func releaseKeys(of syncID: UUID) throws {
        let account = account
        for key in try context.fetch(FetchDescriptor<SyncServerUniqueKey>(
            predicate: #Predicate { $0.account == account && $0.syncID == syncID })) {
            context.delete(key)
            keyHolders[KeyName(entity: key.entityName, key: key.key)] = nil
        }
        for (name, holder) in keyHolders where holder == syncID { keyHolders[name] = nil }
    }

    /// The model holding a unique key of an entity, if a live one does.
    private func holder(of key: String, entity: String) throws -> UUID? {
        if keysLoaded { return keyHolders[KeyName(entity: entity, key: key)] }
        let account = account
        return try context.fetch(FetchDescriptor<SyncServerUniqueKey>(
            predicate: #Predicate { $0.account == account && $0.entityName == entity && $0.key == key })).first?.syncID
    }

    /// The sync ID a model is known by: the one it was merged into, if it was.
    private mutating func resolve(_ syncID: UUID) throws -> UUID {
        var current = syncID
        var seen: Set<UUID> = []
        while let record = try record(current), let target = record.mergedInto, seen.insert(current).inserted {
            current = target
        }
        return current
    }

    private mutating func resolveReferences(_ value: SyncValue) throws -> SyncValue {
        switch value {
        case .reference(let id): .reference(try resolve(id))
        case .references(let ids): .references(try ids.map { try resolve($0) })
        default: value
        }
    }

    /// A many-to-many member's name, naming the model its member was merged into, if it was.
    private mutating func resolveMemberPair(_ name: String) throws -> String {
        guard let pair = SyncedSchema.memberPair(name) else { return name }
        let member = try resolve(pair.member)
        return member == pair.member ? name : SyncedSchema.memberPairName(pair.relationship, member: member)
    }

    private mutating func record(_ syncID: UUID) throws -> SyncServerRecord? {
        if let cached = records[syncID] { return cached }
        if loaded.contains(syncID) { return nil }
        let account = account
        let found = try context.fetch(FetchDescriptor<SyncServerRecord>(
            predicate: #Predicate { $0.account == account && $0.syncID == syncID })).first
        if let found { records[syncID] = found }
        return found
    }

    private mutating func property(_ syncID: UUID, _ name: String) throws -> SyncServerProperty? {
        if let cached = properties[syncID]?[name] { return cached }
        if loaded.contains(syncID) { return nil }
        let account = account
        let found = try context.fetch(FetchDescriptor<SyncServerProperty>(
            predicate: #Predicate { $0.account == account && $0.syncID == syncID && $0.name == name })).first
        if let found { properties[syncID, default: [:]][name] = found }
        return found
    }
}
