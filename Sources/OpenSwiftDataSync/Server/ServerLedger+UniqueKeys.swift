import Foundation
import OpenSwiftData

// Updates that change models' unique keys (see the Sync article): a model takes its new
// key when no other live model keeps it; otherwise the update's writes of that key's
// properties are refused, and written back everywhere as they were.
extension ServerLedger {
    /// One update's change of one unique key of a model.
    struct KeyClaim {
        let syncID: UUID
        let entity: String
        let oldKey: String
        let key: String
        /// The properties of the key the update writes, later than the server's values.
        let names: [String]
        /// The server's values of those properties, and the moment of the latest write.
        let stored: [String: SyncValue]
        let latest: HLCTimestamp
    }

    /// The unique keys an insert's values make: by the app's schema when the server was given
    /// it, where a client keeping no rules could send none (or others), and make a second model
    /// of one key, which every device upserted into one row, so that a device's delete of it
    /// left the other for a new device to bring back. A server given no schema takes the keys sent.
    func insertKeys(of change: SyncChange) -> [String] {
        guard let schema = batchCheck?.schema else { return change.uniqueKeys }
        return schema.uniqueKeys(entity: change.entityName, values: change.values.mapValues(\.value))
    }

    /// The node of the moments the server stamps its own writes with.
    static let serverNode = HLCTimestamp.zero.node

    /// Decides, for the batch's updates of models the server holds, which unique keys they
    /// take: all of them, as one, but a key another live model keeps (one the batch does
    /// not move off it, or one an earlier update of the batch takes). So the models of a
    /// batch may exchange keys. A refused key's writes are left out when the update is
    /// recorded (``refusedKeyWrites``), written back as they were at a moment just after
    /// the latest of them, and logged, so that every device, the one that made them too,
    /// puts them back. A server given no schema knows no keys but the ones inserts send,
    /// and takes every update.
    mutating func decideKeyChanges(_ changes: [SyncChange]) throws {
        guard let schema = batchCheck?.schema else { return }
        var claims: [KeyClaim] = []
        for change in changes where change.kind == .update {
            let syncID = try resolve(change.syncID)
            guard let constraints = schema.uniqueConstraints[change.entityName], !constraints.isEmpty, !isFresh(syncID),
                  let record = try record(syncID), !record.isGone else { continue }
            for constraint in constraints {
                if let claim = try claim(of: syncID, entity: record.entityName, constraint: constraint, change.values) { claims.append(claim) }
            }
        }
        guard !claims.isEmpty else { return }
        var accepted = Array(claims.indices)
        var settled = false
        while !settled {
            settled = true
            let moving = Set(accepted.map { KeyName(entity: claims[$0].entity, key: claims[$0].oldKey) })
            var taken = Set<KeyName>()
            for index in accepted {
                let claim = claims[index]
                let name = KeyName(entity: claim.entity, key: claim.key)
                var kept = false
                if let holder = try holder(of: claim.key, entity: claim.entity), holder != claim.syncID, !deletedByBatch.contains(holder),
                   let record = try record(holder), !record.isGone, !moving.contains(name) {
                    kept = true
                }
                if kept || !taken.insert(name).inserted {
                    accepted.removeAll { $0 == index }
                    settled = false
                    break
                }
            }
        }
        for index in claims.indices where !accepted.contains(index) { try refuse(claims[index]) }
        let moves = accepted.map { claims[$0] }
        for claim in moves { try releaseKey(claim.oldKey, of: claim.syncID, entity: claim.entity) }
        for claim in moves {
            context.insert(SyncServerUniqueKey(account: account, entityName: claim.entity, key: claim.key, syncID: claim.syncID))
            keyHolders[KeyName(entity: claim.entity, key: claim.key)] = claim.syncID
        }
    }

    /// The change of one unique key that an update's values make, if they change it.
    private mutating func claim(of syncID: UUID, entity: String, constraint: [String], _ values: [String: SyncStampedValue]) throws -> KeyClaim? {
        var names: [String] = []
        for name in constraint {
            guard let stamped = values[name] else { continue }
            if let current = try property(syncID, name), let clock = HLCTimestamp(current.clock), stamped.clock <= clock { continue }
            names.append(name)
        }
        guard !names.isEmpty else { return nil }
        var stored: [String: SyncValue] = [:]
        for name in constraint { stored[name] = try storedValue(syncID, name) }
        var wanted = stored
        for name in names { wanted[name] = values[name]?.value }
        guard let key = SyncedSchema.uniqueKey(constraint: constraint, values: wanted),
              let oldKey = SyncedSchema.uniqueKey(constraint: constraint, values: stored), key != oldKey else { return nil }
        return KeyClaim(syncID: syncID, entity: entity, oldKey: oldKey, key: key, names: names, stored: stored,
                        latest: names.compactMap { values[$0]?.clock }.max() ?? .zero)
    }

    /// Writes a refused key's properties back as they were, and logs it.
    private mutating func refuse(_ claim: KeyClaim) throws {
        let moment = Self.moment(after: claim.latest)
        var restored: [String: SyncStampedValue] = [:]
        for name in claim.names {
            let back = SyncStampedValue(claim.stored[name] ?? .null, at: moment)
            _ = try write(syncID: claim.syncID, name: name, back)
            restored[name] = back
            refusedKeyWrites[claim.syncID, default: []].insert(name)
        }
        try log(SyncChange(entityName: claim.entity, syncID: claim.syncID, kind: .update, values: restored), repeatsUpload: false)
    }

    /// The first moment after `moment` on the server's node.
    static func moment(after moment: HLCTimestamp) -> HLCTimestamp {
        moment.counter < .max
            ? HLCTimestamp(milliseconds: moment.milliseconds, counter: moment.counter + 1, node: serverNode)
            : HLCTimestamp(milliseconds: moment.milliseconds + 1, counter: 0, node: serverNode)
    }

    /// The value a model's property holds on the server; no value when it was never written.
    private mutating func storedValue(_ syncID: UUID, _ name: String) throws -> SyncValue {
        guard let property = try property(syncID, name) else { return .null }
        return try SyncValue.read(property.value)
    }

    private mutating func releaseKey(_ key: String, of syncID: UUID, entity: String) throws {
        let account = account
        for row in try context.fetch(FetchDescriptor<SyncServerUniqueKey>(
            predicate: #Predicate { $0.account == account && $0.syncID == syncID && $0.key == key })) {
            context.delete(row)
        }
        if keyHolders[KeyName(entity: entity, key: key)] == syncID { keyHolders[KeyName(entity: entity, key: key)] = nil }
    }
}
