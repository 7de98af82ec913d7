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
    private(set) var properties: [UUID: [String: SyncServerProperty]] = [:]
    /// Sync IDs whose record and properties were all read by ``preload(_:)``: what is not
    /// cached for them is not stored, so no query asks again.
    private var loaded: Set<UUID> = []
    /// The account's unique keys held by live models, by entity and key, for the keys the
    /// upload's inserts name (read by ``preload(_:)``) and the ones ``holder(of:entity:)``
    /// read, kept as the upload adds and frees them.
    var keyHolders: [KeyName: UUID] = [:]
    /// The keys whose holders, of every entity, ``keyHolders`` has.
    private var checkedKeys: Set<String> = []
    /// The unique keys of each model the upload inserts, worked out once by ``preload(_:)``
    /// for ``admit(_:)``: by the schema, they are a fair part of an insert's cost.
    private var keysOfInserts: [UUID: [String]] = [:]

    struct KeyName: Hashable {
        let entity: String
        let key: String
    }
    /// Models made by this upload, whose insert is logged with its values.
    private var fresh: Set<UUID> = []
    /// The writes of unique keys ``decideKeyChanges(_:)`` refused, by model: left out when recorded.
    var refusedKeyWrites: [UUID: Set<String>] = [:]
    private var nextSequence: Int64
    /// The sync IDs the upload deletes, whose unique keys its inserts may take.
    var deletedByBatch: Set<UUID> = []
    /// The models this upload made gone, with the moment of their delete, and the ones
    /// whose to-one that must name a model it wrote: see ``deleteModelsLeftWithoutRequiredModel()``.
    private(set) var goneNow: [(syncID: UUID, at: HLCTimestamp?)] = []
    private(set) var requiredWrites: [(syncID: UUID, at: HLCTimestamp)] = []
    /// The models holding each value of a to-one that must name a model, by its name.
    var holdersByValue: [String: [Data: Set<UUID>]] = [:]

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
        try load(Array(ids.subtracting(loaded)))
        // A merge target that only a record read here names is read when a change reaches it.
        for change in changes where change.kind == .insert && keysOfInserts[change.syncID] == nil {
            keysOfInserts[change.syncID] = insertKeys(of: change)
        }
        let keys = Array(Set(keysOfInserts.values.joined()))
        for chunk in keys.queryChunks {
            for holder in try context.fetch(FetchDescriptor<SyncServerUniqueKey>(
                predicate: #Predicate { $0.account == account && chunk.contains($0.key) })) {
                keyHolders[KeyName(entity: holder.entityName, key: holder.key)] = holder.syncID
            }
        }
        checkedKeys.formUnion(keys)
        // The models holding the inserts' keys, which the inserts are merged into, and whose
        // properties the inserts' values are then written to: a device's copy of models
        // another device sent first (a file imported on both) took the server minutes.
        try load(Array(Set(keyHolders.values).subtracting(loaded)))
    }

    /// Reads the records and properties of `ids`, a chunk at a time.
    private mutating func load(_ ids: [UUID]) throws {
        let account = account
        for chunk in ids.queryChunks {
            for record in try context.fetch(FetchDescriptor<SyncServerRecord>(
                predicate: #Predicate { $0.account == account && chunk.contains($0.syncID) })) {
                records[record.syncID] = record
            }
            for property in try context.fetch(FetchDescriptor<SyncServerProperty>(
                predicate: #Predicate { $0.account == account && chunk.contains($0.syncID) })) {
                properties[property.syncID, default: [:]][property.name] = property
            }
        }
        loaded.formUnion(ids)
    }

    /// Gives an inserted model its identity: a new record, or, when a live model of its
    /// entity holds one of its unique keys, a merge into that model (logged).
    mutating func admit(_ change: SyncChange) throws {
        guard try record(change.syncID) == nil else { return }
        let keys = keysOfInserts.removeValue(forKey: change.syncID) ?? insertKeys(of: change)
        for key in keys {
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
        for key in keys {
            context.insert(SyncServerUniqueKey(account: account, entityName: change.entityName, key: key, syncID: change.syncID))
            keyHolders[KeyName(entity: change.entityName, key: key)] = change.syncID
        }
    }

    /// Whether this upload made the model.
    func isFresh(_ syncID: UUID) -> Bool { fresh.contains(syncID) }

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
            if let refused = refusedKeyWrites[syncID] { values = values.filter { !refused.contains($0.key) } }
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
    mutating func markGone(_ record: SyncServerRecord, at moment: HLCTimestamp?, repeatsUpload: Bool) throws {
        record.isGone = true
        goneNow.append((record.syncID, moment))
        try releaseKeys(of: record.syncID)
        try log(SyncChange(entityName: record.entityName, syncID: record.syncID, kind: .delete, deletedAt: moment),
                repeatsUpload: repeatsUpload)
    }

    /// Sets a property when the write is later than the one it holds; whether it did.
    mutating func write(syncID: UUID, name: String, _ stamped: SyncStampedValue) throws -> Bool {
        let current = try property(syncID, name)
        if let current, let clock = HLCTimestamp(current.clock), stamped.clock <= clock { return false }
        let value = try stamped.value.wireJSON()
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
    mutating func log(_ change: SyncChange, repeatsUpload: Bool) throws {
        context.insert(SyncServerLogEntry(account: account, sequence: nextSequence, payload: try change.wireJSON(),
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
    mutating func holder(of key: String, entity: String) throws -> UUID? {
        if checkedKeys.insert(key).inserted {
            let account = account
            for holder in try context.fetch(FetchDescriptor<SyncServerUniqueKey>(predicate: #Predicate { $0.account == account && $0.key == key })) {
                keyHolders[KeyName(entity: holder.entityName, key: holder.key)] = holder.syncID
            }
        }
        return keyHolders[KeyName(entity: entity, key: key)]
    }

    /// The sync ID a model is known by: the one it was merged into, if it was.
    mutating func resolve(_ syncID: UUID) throws -> UUID {
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

    mutating func record(_ syncID: UUID) throws -> SyncServerRecord? {
        if let cached = records[syncID] { return cached }
        if loaded.contains(syncID) { return nil }
        let account = account
        let found = try context.fetch(FetchDescriptor<SyncServerRecord>(
            predicate: #Predicate { $0.account == account && $0.syncID == syncID })).first
        if let found { records[syncID] = found }
        return found
    }

    mutating func property(_ syncID: UUID, _ name: String) throws -> SyncServerProperty? {
        if let cached = properties[syncID]?[name] { return cached }
        if loaded.contains(syncID) { return nil }
        let account = account
        let found = try context.fetch(FetchDescriptor<SyncServerProperty>(
            predicate: #Predicate { $0.account == account && $0.syncID == syncID && $0.name == name })).first
        if let found { properties[syncID, default: [:]][name] = found }
        return found
    }
}
