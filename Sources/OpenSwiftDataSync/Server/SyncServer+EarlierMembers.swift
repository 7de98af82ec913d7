import Foundation
import OpenSwiftData

// An app version may give a relationship that had no inverse an inverse. The earlier version
// synced its members as one value on the side it had; the new version's rule reads them
// elsewhere: a many-to-many from a pair per member on the side sync sends, a to-many kept by
// its members' to-one from that to-one, a one-to-one from both sides. Nothing the earlier
// version wrote is there, so every device made after the change would find the relationship
// empty, while the devices that migrated their stores keep its members: silently different.
extension SyncServer {
    /// On the server's first start on `version`, writes what the schema's rules read for the
    /// members that only an earlier version's value holds, at that value's moment, and logs
    /// it: devices new to the account and devices that synced before the change then hold
    /// the same members. A member taken out under the new rule is not brought back.
    nonisolated static func carryEarlierMembers(to schema: SyncedSchema, version: String, in container: ModelContainer) throws {
        let context = ModelContext(container)
        try context.transaction {
            let started = try context.fetch(FetchDescriptor<SyncServerSchemaVersion>(predicate: #Predicate { $0.version == version }))
            guard started.isEmpty else { return }
            context.insert(SyncServerSchemaVersion(version: version))
            let relationships = EarlierMembers.Relationship.all(in: schema)
            guard !relationships.isEmpty else { return }
            let names = Array(Set(relationships.flatMap { [$0.name, $0.inverse] }))
            var byAccount: [String: [SyncServerProperty]] = [:]
            for property in try context.fetch(FetchDescriptor<SyncServerProperty>(predicate: #Predicate { names.contains($0.name) })) {
                byAccount[property.account, default: []].append(property)
            }
            for (account, properties) in byAccount.sorted(by: { $0.key < $1.key }) {
                var members = try EarlierMembers(account: account, properties: properties, context: context)
                try members.carry(relationships)
            }
        }
    }
}

/// The members one account's earlier values hold and its current rules do not read.
struct EarlierMembers {
    /// A relationship whose rule reads its members elsewhere than one value of its owner.
    struct Relationship {
        enum Kind { case pairs, toOne }
        /// The entity and property whose value names the members: for pairs, the side sync
        /// sends, which holds a pair per member; for a to-one, the owner, whose member's
        /// `inverse` must name it back.
        let entity: String
        let name: String
        let destination: String
        let inverse: String
        let kind: Kind

        static func all(in schema: SyncedSchema) -> [Relationship] {
            var found: [Relationship] = []
            for (entity, rules) in schema.rules {
                for (name, rule) in rules {
                    switch rule {
                    case .manyToMany(let destination, let inverse):
                        found.append(Relationship(entity: entity, name: name, destination: destination, inverse: inverse, kind: .pairs))
                    case .members(let destination, let inverse), .oneToOne(let destination, let inverse):
                        found.append(Relationship(entity: entity, name: name, destination: destination, inverse: inverse, kind: .toOne))
                    default:
                        continue
                    }
                }
            }
            return found.sorted { ($0.entity, $0.name) < ($1.entity, $1.name) }
        }
    }

    private var ledger: ServerLedger
    private let context: ModelContext
    private let account: String
    /// The values of the relationships' properties, by model, with their moments.
    private var values: [UUID: [String: SyncStampedValue]] = [:]
    /// The live models among them and the models they name, with their entities.
    private var entities: [UUID: String] = [:]
    /// What this start writes, by model, logged as one update each.
    private var carried: [UUID: [String: SyncStampedValue]] = [:]

    init(account: String, properties: [SyncServerProperty], context: ModelContext) throws {
        self.account = account
        self.context = context
        // The log entries it writes are the server's, repeating no device's upload.
        ledger = try ServerLedger(context: context, account: account, device: UUID(), batchCheck: nil)
        let decoder = JSONDecoder()
        for property in properties {
            guard let clock = HLCTimestamp(property.clock), let value = try? SyncValue.read(property.value, decoder: decoder) else { continue }
            values[property.syncID, default: [:]][property.name] = SyncStampedValue(value, at: clock)
        }
        let named = Set(values.keys).union(values.values.flatMap { $0.values.flatMap(\.value.referencedIDs) })
        for chunk in Array(named).queryChunks {
            for record in try context.fetch(FetchDescriptor<SyncServerRecord>(
                predicate: #Predicate { $0.account == account && chunk.contains($0.syncID) })) where !record.isGone && record.mergedInto == nil {
                entities[record.syncID] = record.entityName
            }
        }
    }

    mutating func carry(_ relationships: [Relationship]) throws {
        for relationship in relationships {
            switch relationship.kind {
            case .pairs: try carryPairs(of: relationship)
            case .toOne: carryToOnes(of: relationship)
            }
        }
        let changes = carried.sorted { $0.key.uuidString < $1.key.uuidString }.compactMap { syncID, written in
            entities[syncID].map { SyncChange(entityName: $0, syncID: syncID, kind: .update, values: written) }
        }
        // Read in a few queries, as an upload's are: a query per write would look through every row this start wrote before it.
        try ledger.preload(changes)
        for change in changes {
            var accepted: [String: SyncStampedValue] = [:]
            for (name, stamped) in change.values where try ledger.write(syncID: change.syncID, name: name, stamped) { accepted[name] = stamped }
            guard !accepted.isEmpty else { continue }
            try ledger.log(SyncChange(entityName: change.entityName, syncID: change.syncID, kind: .update, values: accepted),
                           repeatsUpload: false)
        }
    }

    /// A many-to-many's members named by the earlier value of either side (the side sync
    /// sends kept them in order, the other side was never sent until it had an inverse)
    /// with no pair of their own get one, unless the other side was written later without them.
    private mutating func carryPairs(of relationship: Relationship) throws {
        var moments: [Pairing: HLCTimestamp] = [:]
        func note(_ pairing: Pairing, at moment: HLCTimestamp) { moments[pairing] = max(moments[pairing] ?? moment, moment) }
        for (syncID, properties) in values {
            if entities[syncID] == relationship.entity, let value = properties[relationship.name] {
                for member in value.value.referencedIDs { note(Pairing(owner: syncID, member: member), at: value.clock) }
            }
            if entities[syncID] == relationship.destination, let value = properties[relationship.inverse] {
                for owner in value.value.referencedIDs { note(Pairing(owner: owner, member: syncID), at: value.clock) }
            }
        }
        let pairsHeld = try pairs(of: relationship.name, heldBy: Set(moments.keys.map(\.owner)))
        for (pairing, moment) in moments.sorted(by: { $0.key < $1.key }) {
            guard entities[pairing.owner] == relationship.entity, entities[pairing.member] == relationship.destination,
                  !pairsHeld.contains(SyncedSchema.memberPairName(relationship.name, member: pairing.member), of: pairing.owner),
                  !isWrittenLater(pairing.owner, relationship.name, than: moment, without: pairing.member),
                  !isWrittenLater(pairing.member, relationship.inverse, than: moment, without: pairing.owner) else { continue }
            carried[pairing.owner, default: [:]][SyncedSchema.memberPairName(relationship.name, member: pairing.member)] =
                SyncStampedValue(SyncedSchema.isMember, at: moment)
        }
    }

    /// The members an owner's earlier value names whose to-one back was never written
    /// are given one naming it; a member two owners name goes to the later value's owner.
    private mutating func carryToOnes(of relationship: Relationship) {
        var owners: [UUID: (owner: UUID, moment: HLCTimestamp)] = [:]
        for (syncID, properties) in values.sorted(by: { $0.key.uuidString < $1.key.uuidString })
        where entities[syncID] == relationship.entity {
            guard let value = properties[relationship.name] else { continue }
            for member in value.value.referencedIDs where entities[member] == relationship.destination && values[member]?[relationship.inverse] == nil {
                if let earlier = owners[member], earlier.moment >= value.clock { continue }
                owners[member] = (syncID, value.clock)
            }
        }
        for (member, owner) in owners where carried[member]?[relationship.inverse] == nil {
            carried[member, default: [:]][relationship.inverse] = SyncStampedValue(.reference(owner.owner), at: owner.moment)
        }
    }

    /// Whether the model's value of `name` was written after `moment` without `member`.
    private func isWrittenLater(_ syncID: UUID, _ name: String, than moment: HLCTimestamp, without member: UUID) -> Bool {
        guard let value = values[syncID]?[name] else { return false }
        return value.clock > moment && !value.value.referencedIDs.contains(member)
    }

    /// The names of the pairs of `relationship` each owner holds, member or not.
    private func pairs(of relationship: String, heldBy owners: Set<UUID>) throws -> HeldPairs {
        var held = HeldPairs()
        let account = account, prefix = relationship + "+"
        for chunk in Array(owners).queryChunks {
            for property in try context.fetch(FetchDescriptor<SyncServerProperty>(
                predicate: #Predicate { $0.account == account && chunk.contains($0.syncID) && $0.name.starts(with: prefix) })) {
                held.names[property.syncID, default: []].insert(property.name)
            }
        }
        return held
    }

    private struct Pairing: Hashable, Comparable {
        let owner: UUID
        let member: UUID
        static func < (lhs: Pairing, rhs: Pairing) -> Bool {
            (lhs.owner.uuidString, lhs.member.uuidString) < (rhs.owner.uuidString, rhs.member.uuidString)
        }
    }

    private struct HeldPairs {
        var names: [UUID: Set<String>] = [:]
        func contains(_ name: String, of owner: UUID) -> Bool { names[owner]?.contains(name) ?? false }
    }
}
