import Foundation
import OpenSwiftData

// What a push uploads for the relationships related pair by pair: a one-to-one, whose
// two sides are each a value, and a many-to-many, whose members are each a value of
// the side sync sends.
extension SyncClient {
    /// The model each one-to-one side among `values` named at its last write, before this one.
    func lastWrittenPartners(of syncID: UUID, entity: String, values: [String: SyncValue],
                             book: SyncBookkeeping) throws -> [String: UUID] {
        var partners: [String: UUID] = [:]
        for name in values.keys {
            guard case .oneToOne = schema.rules[entity]?[name] else { continue }
            partners[name] = try book.lastWrittenPartner(of: syncID, name)
        }
        return partners
    }

    /// The pairs of a many-to-many relationship that changed since its last write, member
    /// or not, noted as written at `moment`.
    func memberPairWrites(of owner: UUID, _ relationship: String, members: [UUID], at moment: HLCTimestamp,
                          book: SyncBookkeeping) throws -> [String: SyncValue] {
        let before = try book.lastWrittenMembers(of: owner, relationship)
        let now = Set(members)
        var writes: [String: SyncValue] = [:]
        for member in members where !before.contains(member) {
            try book.noteMemberPair(of: owner, relationship, member: member, isMember: true, at: moment)
            writes[SyncedSchema.memberPairName(relationship, member: member)] = SyncedSchema.isMember
        }
        for member in before.subtracting(now) {
            try book.noteMemberPair(of: owner, relationship, member: member, isMember: false, at: moment)
            writes[SyncedSchema.memberPairName(relationship, member: member)] = SyncedSchema.isNotMember
        }
        return writes
    }

    /// A one-to-one side that changed changed its partners too: the model it names now
    /// names it back, and is written, so that the two name each other at one moment; the
    /// model it named before is written when it no longer names what it named at its
    /// last write (the engine left it without a partner).
    func addPartnerWrites(of entity: String, values: [String: SyncValue], before: [String: UUID], at moment: HLCTimestamp,
                          book: SyncBookkeeping, context: ModelContext, into changes: inout ChangeList) throws {
        for (name, value) in values {
            guard case .oneToOne(_, let inverse) = schema.rules[entity]?[name] else { continue }
            let now = value.referencedIDs.first
            var partners = now.map { [$0] } ?? []
            if let earlier = before[name], earlier != now { partners.append(earlier) }
            for partner in partners {
                guard let record = try book.record(syncID: partner), !record.isGone,
                      let model = try context.model(entityName: record.entityName, rowID: record.rowID),
                      let partnerValue = try syncValues(of: model, book: book, names: [inverse])[inverse] else { continue }
                if partner != now, try partnerValue.referencedIDs.first == book.lastWrittenPartner(of: partner, inverse) { continue }
                try book.noteWrite(of: partner, inverse, at: moment, order: partnerValue.referencedIDs)
                changes.add(SyncChange(entityName: record.entityName, syncID: partner, kind: .update,
                                       values: [inverse: SyncStampedValue(partnerValue, at: moment)]))
            }
        }
    }

    /// What a transaction recorded of relationships: "Entity.property" for each property
    /// an update names, "Entity" for each entity it inserted a model of.
    static func recordedRelationships(of transaction: DefaultHistoryTransaction) -> Set<String> {
        var recorded = Set<String>()
        for change in transaction.changes {
            let entity = change.changedPersistentIdentifier.entityName
            switch change {
            case .insert: recorded.insert(entity)
            case .update(let update):
                for name in (update as? any HistoryUpdatePropertyNames)?.changedPropertyNames ?? [] { recorded.insert("\(entity).\(name)") }
            case .delete: continue
            }
        }
        return recorded
    }

    /// A change of the side of a many-to-many that sync does not send is a change of the
    /// members of its models on the side it sends: each model that holds `model` now, or
    /// held it at its last write, uploads the members that changed, with its order. The
    /// engine's history records the side sync sends too whenever a save changes either
    /// (its upkeep of the inverse changes both), and those changes are uploaded as
    /// they are: this is for a transaction in `recorded` that holds only this side.
    func addInverseOwnerWrites(of model: any PersistentModel, syncID: UUID, names: [String]?, at moment: HLCTimestamp,
                               unlessRecorded recorded: Set<String>,
                               book: SyncBookkeeping, context: ModelContext, into changes: inout ChangeList) throws {
        let entity = model.persistentModelID.entityName
        for (name, rule) in schema.rules[entity] ?? [:] {
            guard case .keptByInverse(let destination, let inverse) = rule, names?.contains(name) ?? true,
                  !recorded.contains(destination), !recorded.contains("\(destination).\(inverse)") else { continue }
            let held = try DefaultSnapshot(from: model).identifiers(forKey: name)
            try book.load(rows: held.map { SyncBookkeeping.RowKey(entity: $0.entityName, rowID: $0.rowID) })
            var owners = try held.compactMap { try book.record(entity: $0.entityName, rowID: $0.rowID)?.syncID }
            // A new model was held by no one before.
            if names != nil { owners += try book.ownersLastNaming(member: syncID, in: inverse) }
            var seen = Set<UUID>()
            for owner in owners where seen.insert(owner).inserted {
                // Written at this moment already (by another of its members, or by its own change
                // in this transaction), it holds no pair left to write: reading its members again
                // for each of thousands of members made a push take time growing with their square.
                guard try book.clock(of: owner, inverse) != moment else { continue }
                guard let record = try book.record(syncID: owner), !record.isGone,
                      let ownerModel = try context.model(entityName: record.entityName, rowID: record.rowID),
                      let order = try syncValues(of: ownerModel, book: book, names: [inverse])[inverse] else { continue }
                let pairs = try memberPairWrites(of: owner, inverse, members: order.referencedIDs, at: moment, book: book)
                guard !pairs.isEmpty else { continue }
                try book.noteWrite(of: owner, inverse, at: moment, order: order.referencedIDs)
                var values = pairs.mapValues { SyncStampedValue($0, at: moment) }
                values[inverse] = SyncStampedValue(order, at: moment)
                changes.add(SyncChange(entityName: record.entityName, syncID: owner, kind: .update, values: values))
            }
        }
    }
}
