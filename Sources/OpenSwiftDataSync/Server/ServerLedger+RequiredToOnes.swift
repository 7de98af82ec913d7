import Foundation
import OpenSwiftData

// The rule for to-ones that must name a model (see the Sync article): a model left naming
// a deleted model through one is deleted too.
extension ServerLedger {
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
                      case .reference(let target) = try SyncValue.read(property.value) else { continue }
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
        let value = try SyncValue.reference(target).wireJSON()
        return try (holdersByValue[name]?[value] ?? []).sorted { $0.uuidString < $1.uuidString }
            .filter { try property($0, name)?.value == value }
    }
}
